/**
 * Text typed into a server-rendered page's fields before the page's own code took them over.
 *
 * A visitor can type into the server's markup while the scripts are still on their way. React
 * usually takes that markup over as it is, text included. But when an update reaches a part of
 * the page whose code has not arrived yet (a remote page still downloading), React draws that
 * part afresh: it shows the loading state, throws the server's fields away, and the page's own
 * field later starts empty. The shell watches the server's fields from start-up and keeps the
 * text of any thrown away with something typed in it, for the page to take up when it renders.
 *
 * Kept in sessionStorage, not in a module, so the shell and a remote need share no instance;
 * cleared at every start-up, so only this page load's typing is ever offered.
 */
const storageKey = 'kalike:typed-before-hydration';

/** What identifies a field across the server's markup and the page's own: its form's address and its name. */
const fieldKey = (action: string, name: string) => `${action} ${name}`;

/** A thrown-away field's text, and whether the visitor was typing in it then (the page's own field takes the caret). */
export interface TypedText {
  text: string;
  focused: boolean;
}

const isTypedText = (value: unknown): value is TypedText =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Partial<TypedText>).text === 'string' &&
  typeof (value as Partial<TypedText>).focused === 'boolean';

function readAll(storage: Storage): Record<string, TypedText> {
  try {
    const value: unknown = JSON.parse(storage.getItem(storageKey) ?? '{}');
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, TypedText] => isTypedText(entry[1])));
  } catch {
    return {};
  }
}

function writeAll(storage: Storage, typed: Record<string, TypedText>): void {
  try {
    if (Object.keys(typed).length === 0) storage.removeItem(storageKey);
    else storage.setItem(storageKey, JSON.stringify(typed));
  } catch {
    // Storage refused (private mode, full): the text is lost as it would have been without this.
  }
}

/** The server's text fields that belong to a form with an address (the ones a page can find again). */
function serverFields(container: HTMLElement): HTMLInputElement[] {
  return [...container.querySelectorAll<HTMLInputElement>('form[action] input[name]')].filter((field) =>
    ['text', 'search', 'email', 'tel', 'url'].includes(field.type),
  );
}

/**
 * Called by the shell just before React takes a server-rendered page over: from then on, a
 * server field removed with text typed into it leaves its text behind.
 */
export function keepTextTypedIntoServerPage(container: HTMLElement, storage: Storage = window.sessionStorage): void {
  writeAll(storage, {});
  let watched = serverFields(container);
  if (watched.length === 0) return;
  // The element focus last moved to. A field removed while focused leaves focus on the body
  // without an event, so "focus last went to this field and is now nowhere" means the visitor
  // was typing in it.
  let lastFocused: EventTarget | null = document.activeElement;
  const onFocusIn = (event: FocusEvent) => {
    lastFocused = event.target;
  };
  document.addEventListener('focusin', onFocusIn);
  const observer = new MutationObserver(() => {
    const removed = watched.filter((field) => !field.isConnected);
    if (removed.length === 0) return;
    const typed = readAll(storage);
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    for (const field of removed) {
      if (field.value !== field.defaultValue && field.form) {
        typed[fieldKey(field.form.getAttribute('action') ?? '', field.name)] = { text: field.value, focused: focusLost && lastFocused === field };
      }
    }
    writeAll(storage, typed);
    watched = watched.filter((field) => field.isConnected);
    if (watched.length === 0) {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
    }
  });
  observer.observe(container, { childList: true, subtree: true });
}

/**
 * The text typed into the server's field of the form at `action` named `name`, if that field
 * was thrown away with it. Offered once: a later visit to the page in the same load starts as usual.
 */
export function takeTextTypedIntoServerPage(
  action: string,
  name: string,
  storage: Storage | null = typeof window === 'undefined' ? null : window.sessionStorage,
): TypedText | null {
  if (!storage) return null;
  const key = fieldKey(action, name);
  const typed = readAll(storage)[key];
  if (typed === undefined) return null;
  // Dropped after this render, not during it: a development build renders twice and both must see it.
  setTimeout(() => {
    const rest = readAll(storage);
    // Unless the field was thrown away again meanwhile, with other text.
    if (rest[key]?.text !== typed.text || rest[key]?.focused !== typed.focused) return;
    delete rest[key];
    writeAll(storage, rest);
  }, 0);
  return typed;
}
