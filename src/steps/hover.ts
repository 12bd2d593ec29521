import { elementVerb } from './lib.js';

export const verb = elementVerb({ verb: 'hover', order: 40, description: 'hover an element', act: (el, o) => el.hover(o), example: 'hover: nav .menu', placeholder: '#selector' });
