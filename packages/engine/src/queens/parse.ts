/**
 * Placements as text, parsed as a stream of bytes: columns separated by spaces, commas or newlines;
 * a JSON array of columns; or a JSON object with a "positions" array (the output of `searchlab
 * queens solve --json` / `--output`, whatever other fields it has). `searchlab queens verify` pushes
 * a file of any size through it chunk by chunk (10⁸ queens are ~0.9 GB of text, past what one string
 * can hold); the memory it keeps is the columns (4 bytes each) and a few counters.
 *
 * JSON is tokenized (strings, numbers, literals, brackets) and checked for structure (balanced
 * brackets, keys, colons, commas); the columns are read from the top-level array, or from the array
 * under the top-level key "positions". Errors are one line saying what and where: a byte offset for
 * malformed text, a row (the element's index) for a bad column. A bad column is reported once the
 * input has ended (its message names the range 0..N−1, and N is the number of values).
 */
import { checkBytes, checkString } from '../core/args.js';
import { InvalidInputError } from '../core/errors.js';
import { MAX_N, validatePositions } from './model.js';

enum Mode {
  Start,
  Plain,
  Json,
}
/** What the JSON grammar expects next. */
enum Expect {
  Value,
  ValueOrClose,
  Key,
  KeyOrClose,
  Colon,
  CommaOrClose,
  Nothing,
}

const isSpace = (b: number): boolean => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
/** Ends a bare token (a number or a literal) in JSON. */
const endsJsonToken = (b: number): boolean => isSpace(b) || b === 0x2c || b === 0x5d || b === 0x7d || b === 0x3a;
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
/** Token text kept for messages and for the rare non-integer forms. */
const TOKEN_CAP = 64;

/**
 * A streaming parser of queen positions in the formats above (0-based columns, row by row): `push`
 * chunks of bytes as they arrive, then `end()` returns the positions. Errors are InvalidInputError
 * naming a byte offset or a row. {@link parsePositions} does the same for a whole string.
 */
export class PositionsParser {
  private mode = Mode.Start;
  private offset = 0;
  private columns = new Int32Array(1 << 12);
  private count = 0;
  /** The first value that is not a non-negative i32 (its row, as the message shows it); stored as −1. */
  private odd: { row: number; shown: string } | undefined;
  // The current bare token: digits so far (fast path), its sign, and its text (capped).
  private inToken = false;
  private value = 0;
  private digits = 0;
  private negative = false;
  private plainDigits = true;
  private readonly token = new Uint8Array(TOKEN_CAP);
  private tokenLength = 0;
  private tokenStart = 0;
  // JSON: the open containers, what comes next, strings, and where the columns are.
  private readonly stack: number[] = [];
  private expect = Expect.Value;
  private inString = false;
  private escaped = false;
  /** The string being read is a key of the top-level object (its bytes kept to compare with "positions"). */
  private stringIsKey = false;
  /** The string being read is an element of the columns array (kept: "3" counts as a column). */
  private stringIsColumn = false;
  private lastKey = '';
  /** Depth of the columns array while inside it (0: not inside); `found` once it has been seen. */
  private columnsDepth = 0;
  private found = false;
  private topIsObject = false;

  /** The top-level object's "n", when the file states it (the columns are checked against it). */
  private statedN: string | undefined;

  /** Feeds the next bytes. */
  push(chunk: Uint8Array): void {
    checkBytes(chunk, 'chunk');
    // A UTF-8 byte-order mark (as some editors save) is not part of the placement.
    const bom = this.offset === 0 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf ? 3 : 0;
    for (let i = bom; i < chunk.length; i++) {
      if (
        !this.inToken &&
        (this.mode === Mode.Plain ||
          (this.mode === Mode.Json && this.inColumns() && !this.inString && (this.expect === Expect.Value || this.expect === Expect.ValueOrClose)))
      ) {
        i = this.columnRun(chunk, i);
        if (i === chunk.length) break;
      }
      const b = chunk[i]!;
      if (this.mode === Mode.Json) {
        // The hot path: digits of a column, and the comma after it.
        if (this.inToken) {
          if (b >= 0x30 && b <= 0x39) {
            this.digit(b);
            continue;
          }
          if (
            b === 0x2c &&
            this.plainDigits &&
            !this.negative &&
            this.digits > 0 &&
            this.digits <= 9 &&
            this.columnsDepth > 0 &&
            this.columnsDepth === this.stack.length
          ) {
            this.inToken = false;
            this.add(this.value, '');
            this.expect = Expect.Value;
            continue;
          }
        }
        this.json(b, this.offset + i);
      } else if (this.mode === Mode.Plain) {
        if (isSpace(b) || b === 0x2c) {
          if (this.inToken) this.endToken(true);
        } else if (this.inToken && b >= 0x30 && b <= 0x39) this.digit(b);
        else this.tokenByte(b, this.offset + i);
      } else if (!isSpace(b)) {
        if (b === 0x7b || b === 0x5b) {
          this.mode = Mode.Json;
          this.topIsObject = b === 0x7b;
          this.json(b, this.offset + i);
        } else {
          this.mode = Mode.Plain;
          this.tokenByte(b, this.offset + i);
        }
      }
    }
    this.offset += chunk.length;
  }

  /** Feeds text (it is encoded as UTF-8 first). */
  pushText(text: string): void {
    checkString(text, 'text');
    this.push(new TextEncoder().encode(text));
  }

  /** The columns, validated like any placement (the first bad row named), after the last chunk. */
  end(): Int32Array {
    if (this.mode === Mode.Plain && this.inToken) this.endToken(true);
    if (this.mode === Mode.Json) {
      if (this.inToken) this.endJsonToken();
      if (this.inString || this.stack.length > 0) {
        throw new InvalidInputError(
          `the placement is not valid JSON: it ends inside ${this.inString ? 'a string' : 'an array or object'} (byte ${this.offset})`,
        );
      }
      if (this.topIsObject && !this.found) throw new InvalidInputError('the JSON object has no "positions" array');
    }
    const n = this.count;
    if (this.statedN !== undefined) {
      if (!/^\d+$/.test(this.statedN)) throw new InvalidInputError(`the file's "n" is ${this.statedN}, expected the number of queens`);
      if (Number(this.statedN) !== n) throw new InvalidInputError(`the file says n = ${this.statedN} but its positions hold ${n} column${n === 1 ? '' : 's'}`);
    }
    const out = this.columns.subarray(0, n);
    for (let r = 0; r < n; r++) {
      const c = out[r]!;
      if (c >= 0 && c < n) continue;
      const shown = c < 0 ? this.odd!.shown : this.mode === Mode.Plain ? JSON.stringify(String(c)) : String(c);
      throw new InvalidInputError(`row ${r + 1} has column ${shown}, expected an integer 0..${n - 1}`);
    }
    validatePositions(out);
    return out;
  }

  private inColumns(): boolean {
    return this.columnsDepth > 0 && this.columnsDepth === this.stack.length;
  }

  /**
   * The hot path: a run of columns written as plain digits (at most 9) and commas (or, in the text
   * format, any separator), read in a local loop from `i`, at a token boundary. Returns where it
   * stopped; a column it was in the middle of is handed to the general path byte by byte (which keeps
   * its text for messages), as is the byte it stopped at.
   */
  private columnRun(chunk: Uint8Array, i: number): number {
    const plain = this.mode === Mode.Plain;
    let start = i,
      value = 0,
      digits = 0;
    for (; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (b >= 0x30 && b <= 0x39) {
        if (digits === 0) start = i;
        value = value * 10 + (b - 0x30);
        digits++;
        continue;
      }
      if (digits > 9 || !(b === 0x2c || (plain && isSpace(b))) || (digits === 0 && !plain)) break;
      if (digits > 0) {
        this.add(value, '');
        value = 0;
        digits = 0;
        if (!plain) this.expect = Expect.Value;
      }
    }
    for (let k = start; digits > 0 && k < i; k++) {
      if (k === start) this.tokenByte(chunk[k]!, this.offset + k);
      else this.digit(chunk[k]!);
    }
    return i;
  }

  private digit(b: number): void {
    this.value = this.value * 10 + (b - 0x30);
    this.digits++;
    if (this.tokenLength < TOKEN_CAP) this.token[this.tokenLength++] = b;
  }

  /** A byte of a bare token that is not a digit continuing it. */
  private tokenByte(b: number, at: number): void {
    if (!this.inToken) {
      this.inToken = true;
      this.value = 0;
      this.digits = 0;
      this.tokenLength = 0;
      this.tokenStart = at;
      this.negative = b === 0x2d;
      this.plainDigits = true;
      if (b >= 0x30 && b <= 0x39) {
        this.digit(b);
        return;
      }
      if (b !== 0x2d) this.plainDigits = false;
    } else this.plainDigits = false;
    if (this.tokenLength < TOKEN_CAP) this.token[this.tokenLength++] = b;
  }

  private tokenText(): string {
    return new TextDecoder().decode(this.token.subarray(0, this.tokenLength)) + (this.tokenLength === TOKEN_CAP ? '…' : '');
  }

  /** A column ends. `plain`: the text format (a column is -?digits). */
  private endToken(plain: boolean): void {
    this.inToken = false;
    const integer = this.plainDigits && this.digits > 0;
    if (integer && !this.negative && this.digits <= 10 && this.value <= 0x7fffffff) {
      this.add(this.value, '');
      return;
    }
    const text = this.tokenText();
    if (plain) this.add(-1, JSON.stringify(text));
    else {
      const v = JSON_NUMBER.test(text) ? Number(text) : NaN;
      if (Number.isNaN(v) && !(text === 'true' || text === 'false' || text === 'null')) this.syntax(`"${text}"`, this.tokenStart);
      this.add(Number.isInteger(v) && v >= 0 && v <= 0x7fffffff ? v : -1, Number.isNaN(v) ? text : String(v));
    }
  }

  private add(column: number, shown: string): void {
    if (this.count === MAX_N) {
      throw new InvalidInputError(`the number of queens must be at most ${MAX_N}: more columns at byte ${this.offset}`);
    }
    if (this.count === this.columns.length) {
      const grown = new Int32Array(Math.min(MAX_N, this.columns.length * 2));
      grown.set(this.columns);
      this.columns = grown;
    }
    if (column < 0 && this.odd === undefined) this.odd = { row: this.count, shown };
    this.columns[this.count++] = column;
  }

  private syntax(what: string, at: number): never {
    throw new InvalidInputError(`the placement is not valid JSON: unexpected ${what} at byte ${at}`);
  }

  /** A bare JSON token ended (a number or a literal): a column inside the columns array, else skipped. */
  private endJsonToken(): void {
    if (this.columnsDepth === this.stack.length && this.columnsDepth > 0) this.endToken(false);
    else {
      this.inToken = false;
      const text = this.tokenText();
      if (!(text === 'true' || text === 'false' || text === 'null' || JSON_NUMBER.test(text) || this.tokenLength === TOKEN_CAP)) {
        this.syntax(`"${text}"`, this.tokenStart);
      }
      if (this.stack.length === 1 && this.topIsObject && this.lastKey === 'n') this.statedN = text;
    }
    this.expect = this.stack.length === 0 ? Expect.Nothing : Expect.CommaOrClose;
  }

  /** One JSON byte outside the digits fast path. */
  private json(b: number, at: number): void {
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (b === 0x5c) this.escaped = true;
      else if (b === 0x22) {
        this.endString();
        return;
      }
      if (this.tokenLength < TOKEN_CAP) this.token[this.tokenLength++] = b;
      return;
    }
    if (this.inToken) {
      if (!endsJsonToken(b)) {
        this.tokenByte(b, at);
        return;
      }
      this.endJsonToken();
    }
    if (isSpace(b)) return;
    const e = this.expect;
    if (b === 0x2c) {
      // ,
      if (e !== Expect.CommaOrClose) this.syntax('","', at);
      this.expect = this.stack.at(-1) === 0x7b ? Expect.Key : Expect.Value;
      return;
    }
    if (b === 0x3a) {
      // :
      if (e !== Expect.Colon) this.syntax('":"', at);
      this.expect = Expect.Value;
      return;
    }
    if (b === 0x5d || b === 0x7d) {
      // ] }
      const open = this.stack.at(-1);
      const closes =
        b === 0x5d
          ? open === 0x5b && (e === Expect.CommaOrClose || e === Expect.ValueOrClose)
          : open === 0x7b && (e === Expect.CommaOrClose || e === Expect.KeyOrClose);
      if (!closes) this.syntax(`"${String.fromCharCode(b)}"`, at);
      if (this.columnsDepth === this.stack.length) this.columnsDepth = 0;
      this.stack.pop();
      this.expect = this.stack.length === 0 ? Expect.Nothing : Expect.CommaOrClose;
      return;
    }
    if (b === 0x22) {
      // "
      if (e === Expect.Key || e === Expect.KeyOrClose) {
        this.stringIsKey = this.stack.length === 1;
      } else if (e === Expect.Value || e === Expect.ValueOrClose) {
        this.stringIsKey = false;
        this.stringIsColumn = this.columnsDepth > 0 && this.columnsDepth === this.stack.length;
      } else this.syntax('a string', at);
      this.inString = true;
      this.tokenLength = 0;
      this.tokenStart = at;
      return;
    }
    if (e !== Expect.Value && e !== Expect.ValueOrClose) this.syntax(`"${String.fromCharCode(b)}"`, at);
    const element = this.columnsDepth > 0 && this.columnsDepth === this.stack.length;
    if (b === 0x5b || b === 0x7b) {
      // [ {
      if (element) this.add(-1, b === 0x5b ? '[…]' : '{…}');
      this.stack.push(b);
      // The columns: the top-level array, or the array under the top-level key "positions".
      const isColumns = b === 0x5b && (this.stack.length === 1 || (this.stack.length === 2 && this.topIsObject && this.lastKey === 'positions'));
      if (isColumns) {
        if (this.found) this.syntax('a second "positions" array', at);
        this.found = true;
        this.columnsDepth = this.stack.length;
      }
      this.expect = b === 0x5b ? Expect.ValueOrClose : Expect.KeyOrClose;
      return;
    }
    this.tokenByte(b, at);
  }

  private endString(): void {
    this.inString = false;
    if (this.stringIsKey) {
      this.lastKey = this.tokenLength <= 16 ? this.tokenText() : '';
      this.stringIsKey = false;
      this.expect = Expect.Colon;
      return;
    }
    if (this.expect === Expect.Key || this.expect === Expect.KeyOrClose) {
      this.expect = Expect.Colon; // a key of a nested object
      return;
    }
    if (this.stringIsColumn) {
      // "3" counts as column 3 (as it always did); anything else is a bad column.
      const text = this.tokenText();
      const v = /^-?\d+$/.test(text) ? Number(text) : NaN;
      this.add(Number.isInteger(v) && v >= 0 && v <= 0x7fffffff ? v : -1, JSON.stringify(text));
      this.stringIsColumn = false;
    }
    this.expect = this.stack.length === 0 ? Expect.Nothing : Expect.CommaOrClose;
  }
}

/** Parses a whole placement held in one string (the same parser as the stream). */
export function parsePositions(text: string): Int32Array {
  const parser = new PositionsParser();
  parser.pushText(text);
  return parser.end();
}
