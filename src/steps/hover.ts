import { elementVerb } from './lib.js';

export const verb = elementVerb({ verb: 'hover', order: 40, description: 'hover an element', act: (el, timeout) => el.hover({ timeout }), example: 'hover: nav .menu', placeholder: '#selector' });
