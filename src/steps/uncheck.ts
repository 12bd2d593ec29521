import { elementVerb } from './lib.js';

export const verb = elementVerb({ verb: 'uncheck', order: 70, description: 'uncheck a checkbox', act: (el, o) => el.uncheck(o), example: 'uncheck: "#newsletter"', placeholder: '#checkbox' });
