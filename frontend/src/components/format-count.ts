// One locale for every visitor: the server render and the browser's hydration must print the same text.
const counts = new Intl.NumberFormat('en-US');

/** A count as the cards show it, its thousands grouped: 12,345. */
export const formatCount = (value: number): string => counts.format(value);
