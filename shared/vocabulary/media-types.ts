/** RFC 9457: the media type of every problem body. */
export const problemContentType = 'application/problem+json';
