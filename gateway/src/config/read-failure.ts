/** Why a file the config names could not be read, in the words the start-up errors use. */
export function readFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'the file does not exist';
  if (code === 'EACCES') return 'permission denied';
  return (error as Error).message;
}
