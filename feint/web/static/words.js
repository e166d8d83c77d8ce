// Seats in words and symbols, shared by every game: colour is never the only mark of a seat. Events are
// never told here: each comes from the server with its sentence, from the game's phrasebook.

export const SEAT_SYMBOLS = ["▲", "●", "■", "◆", "★"];
export const HIDDEN = "?";

/** A seat as the viewer calls it: "you" or "seat 2". */
export function who(seat, viewer) {
  return seat === viewer ? "you" : `seat ${seat}`;
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

export function capitalize(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** The seat as an owner, with its symbol: "▲ your", "● seat 1's". */
export function whose(seat, viewer) {
  return `${SEAT_SYMBOLS[seat % SEAT_SYMBOLS.length]} ${seat === viewer ? "your" : `seat ${seat}'s`}`;
}
