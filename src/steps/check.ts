import { elementVerb } from './lib.js';

export const verb = elementVerb({ verb: 'check', order: 60, description: 'check a checkbox or radio', act: (el, timeout) => el.check({ timeout }), example: 'check: "#terms"', placeholder: '#checkbox' });
