// Seats in words and symbols, shared by every game: colour is never the only mark of a seat. Events are
// never told here: each comes from the server with its sentence, from the game's phrasebook.

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
  return names[seat] ?? `seat ${seat}`;
}

/** A seat as the viewer calls it: "you", "Ann" or "seat 2". */
export function who(seat, viewer) {
  return seat === viewer ? "you" : seatName(seat);
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
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

export function seatList(seats, viewer) {
  return andList(seats.map((seat) => who(seat, viewer)));
}

export function plural(count, noun) {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** A capital first letter, to start a sentence; a seat's name is left as its person gave it. */
export function capitalize(text) {
  if (!text || names.some((name) => name && text.startsWith(name) && !/^[\p{L}\p{N}]/u.test(text.slice(name.length)))) return text;
  return text[0].toUpperCase() + text.slice(1);
}

/** The seat as an owner: "your", "seat 1's", "Ann's". */
export function possessive(seat, viewer) {
  return seat === viewer ? "your" : `${seatName(seat)}'s`;
}

/** The seat as an owner, with its symbol: "▲ your", "● seat 1's", "● Ann's". */
export function whose(seat, viewer) {
  return `${SEAT_SYMBOLS[seat % SEAT_SYMBOLS.length]} ${possessive(seat, viewer)}`;
}
