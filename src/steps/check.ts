import { elementVerb } from './lib.js';

export const verb = elementVerb({ verb: 'check', order: 60, description: 'check a checkbox or radio', act: (el, o) => el.check(o), example: 'check: "#terms"', placeholder: '#checkbox' });
