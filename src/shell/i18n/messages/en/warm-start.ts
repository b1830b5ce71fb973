/** English strings of the shell: a server whose process is still starting (warm servers). */
export const warmStart = {
  'card.starting': '{name} is still starting\u2026 (the gateway started its process; it has not answered yet)',
};
