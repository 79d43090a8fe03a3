/** Record pickers, platform-neutral: links read back into ids, the labels, the list search. */
export * from './links';
export * from './labels';
export * from './search';
