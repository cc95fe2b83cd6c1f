/** The command line (yargs): `main` runs one command and returns the exit code. */
export { main } from './main.js';
