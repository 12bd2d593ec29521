// Key names Playwright's keyboard.press accepts (its US layout: codes, key values and aliases),
// so `press: Enterr` is refused at validate time instead of failing every capture.
const CODES = 'Escape F1 F2 F3 F4 F5 F6 F7 F8 F9 F10 F11 F12 Backquote Digit1 Digit2 Digit3 Digit4 Digit5 Digit6 Digit7 Digit8 Digit9 Digit0 Minus Equal Backslash Backspace Tab KeyQ KeyW KeyE KeyR KeyT KeyY KeyU KeyI KeyO KeyP BracketLeft BracketRight CapsLock KeyA KeyS KeyD KeyF KeyG KeyH KeyJ KeyK KeyL Semicolon Quote Enter ShiftLeft KeyZ KeyX KeyC KeyV KeyB KeyN KeyM Comma Period Slash ShiftRight ControlLeft MetaLeft AltLeft Space AltRight AltGraph MetaRight ContextMenu ControlRight PrintScreen ScrollLock Pause PageUp PageDown Insert Delete Home End ArrowLeft ArrowUp ArrowRight ArrowDown AudioVolumeMute AudioVolumeDown AudioVolumeUp MediaTrackNext MediaTrackPrevious MediaPlayPause NumLock NumpadDivide NumpadMultiply NumpadSubtract Numpad7 Numpad8 Numpad9 Numpad4 Numpad5 Numpad6 NumpadAdd Numpad1 Numpad2 Numpad3 Numpad0 NumpadDecimal NumpadEnter';
const KEY_VALUES = 'Shift Control Alt Meta ControlOrMeta Clear';

export const KEY_NAMES: ReadonlySet<string> = new Set([...CODES.split(' '), ...KEY_VALUES.split(' ')]);

/** Playwright splits "Control+Shift+A" on "+" (a "+" right after another is the key itself). */
function splitCombo(s: string): string[] {
  const keys: string[] = [];
  let building = '';
  for (const ch of s) {
    if (ch === '+' && building) { keys.push(building); building = ''; }
    else building += ch;
  }
  keys.push(building);
  return keys;
}

/** The first key of a press value Playwright would not know, or null. Every printable ASCII
 *  character is a key of the layout; other single characters are not. */
export function unknownKey(combo: string): string | null {
  for (const k of splitCombo(combo)) {
    if (KEY_NAMES.has(k)) continue;
    if (k.length === 1 && k >= ' ' && k <= '~') continue;
    if (k === '\n' || k === '\r') continue;
    return k;
  }
  return null;
}
