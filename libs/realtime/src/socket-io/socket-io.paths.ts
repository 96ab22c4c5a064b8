/** socket.io's own default path, named so that the `/ws` upgrade routing can leave it alone. */
export const SOCKET_IO_PATH = '/socket.io';
