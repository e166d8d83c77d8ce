// Seats in words and symbols, shared by every game: colour is never the only mark of a seat. Events are
// never told here: each comes from the server with its sentence, from the game's phrasebook.

// Every string the page shows comes through t() (or tn() for a count), the one translation layer: the
// English is the key, looked up in the catalogue the server serves for the page's language
// (/api/locale/{language}, from feint/locale). Python's phrasebook sentences arrive already told in the
// page's language, which the hello names. The extraction (python -m feint.locale.extract) finds the
// strings given to t() and tn() here and in every renderer.

export const LANGUAGES = { en: "English", fr: "Français" };
const KEPT_LANGUAGE = "feint-language";

/** The page's language: the one chosen with the switch (kept in this browser), else the browser's. */
export const language = (() => {
  let kept = null;
  try {
    kept = localStorage.getItem(KEPT_LANGUAGE);
  } catch {
    // storage refused (a private window): the browser's language
  }
  if (kept in LANGUAGES) return kept;
  for (const tag of navigator.languages?.length ? navigator.languages : [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base in LANGUAGES) return base;
  }
  return "en";
})();

const strings = await loadStrings(language);

async function loadStrings(chosen) {
  if (chosen === "en") return {};
  try {
    const response = await fetch(`/api/locale/${chosen}`);
    return response.ok ? (await response.json()).messages : {};
  } catch {
    return {}; // the page speaks English rather than nothing
  }
}

function fill(template, fields) {
  if (!fields) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? String(fields[name]) : whole));
}

/** ``text`` in the page's language, its {fields} filled: t("Sent: {move}", {move}). */
export function t(text, fields) {
  const found = strings[text];
  return fill(typeof found === "string" && found ? found : text, fields);
}

/** Marks ``text`` for the catalogue where it is written; t() translates it where it is shown. */
export function N_(text) {
  return text;
}

/** The form that agrees with ``n`` ({n} is filled too): tn("{n} card", "{n} cards", 3). */
export function tn(singular, plural, n, fields = {}) {
  const forms = strings[singular];
  const one = new Intl.PluralRules(language).select(n) === "one";
  const template = Array.isArray(forms) ? forms[one ? 0 : 1] : n === 1 ? singular : plural;
  return fill(template, { n, ...fields });
}

const ATTRIBUTES = ["aria-label", "title", "placeholder", "alt"];

/** The page's own HTML in its language: every text and labelling attribute, as the extraction finds them. */
function translatePage() {
  document.documentElement.lang = language;
  document.title = t(document.title);
  if (language === "en") return;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.closest("script, style, code")) continue;
    const text = node.data.split(/\s+/).filter(Boolean).join(" ");
    if (/\p{L}/u.test(text)) node.data = node.data.replace(node.data.trim(), t(text));
  }
  for (const element of document.body.querySelectorAll(ATTRIBUTES.map((name) => `[${name}]`).join(","))) {
    for (const name of ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value?.trim()) element.setAttribute(name, t(value.trim()));
    }
  }
}

/** The language switch: a choice kept in this browser, which reloads the page in the new language. */
export function languageSwitch() {
  const select = document.createElement("select");
  select.id = "language";
  select.setAttribute("aria-label", t("Language"));
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = new Option(name, code, false, code === language);
    option.lang = code;
    select.append(option);
  }
  select.addEventListener("change", () => {
    try {
      localStorage.setItem(KEPT_LANGUAGE, select.value);
    } catch {
      return;
    }
    location.reload();
  });
  return select;
}

translatePage();
document.querySelector("header.bar")?.append(languageSwitch());

export const SEAT_SYMBOLS = ["▲", "●", "■", "◆", "★"];
export const HIDDEN = "?";

/**
 * The seats' display names, as the server calls them (each state's presence list): the one place every
 * renderer, game renderers included, gets a seat's name from. Shown as text only, never as markup.
 */
let names = [];

/** The names of the table's seats (a string, or null for "seat 2"), from the latest state message. */
export function setNames(list) {
  names = Array.isArray(list) ? list.map((name) => (typeof name === "string" && name ? name : null)) : [];
}

/** A seat as somebody else calls it: its name if it has one, else "seat 2". */
export function seatName(seat) {
  return names[seat] ?? t("seat {seat}", { seat });
}

/** A seat as the viewer calls it: "you", "Ann" or "seat 2". */
export function who(seat, viewer) {
  return seat === viewer ? t("you") : seatName(seat);
}

/** The seat with its symbol, for labels on the picture: "▲ you", "● seat 1". */
export function seatTag(seat, viewer) {
  return `${SEAT_SYMBOLS[seat % SEAT_SYMBOLS.length]} ${who(seat, viewer)}`;
}

/** "you pass" or "seat 2 passes". */
export function verb(seat, viewer, you, it) {
  return seat === viewer ? you : it;
}

export function subject(seat, viewer, you, it) {
  return `${who(seat, viewer)} ${verb(seat, viewer, you, it)}`;
}

export function andList(words) {
  if (words.length <= 1) return words.join("");
  return t("{first} and {last}", { first: words.slice(0, -1).join(", "), last: words[words.length - 1] });
}

export function seatList(seats, viewer) {
  return andList(seats.map((seat) => who(seat, viewer)));
}

/** A capital first letter, to start a sentence; a seat's name is left as its person gave it. */
export function capitalize(text) {
  if (!text || names.some((name) => name && text.startsWith(name) && !/^[\p{L}\p{N}]/u.test(text.slice(name.length)))) return text;
  return text[0].toUpperCase() + text.slice(1);
}

/** The seat as an owner: "your", "seat 1's", "Ann's". */
export function possessive(seat, viewer) {
  return seat === viewer ? t("your") : t("{seat}'s", { seat: seatName(seat) });
}

/** The seat as an owner, with its symbol: "▲ your", "● seat 1's", "● Ann's". */
export function whose(seat, viewer) {
  return `${SEAT_SYMBOLS[seat % SEAT_SYMBOLS.length]} ${possessive(seat, viewer)}`;
}
