import { crc32, inflateRawSync } from 'node:zlib';
import { apiError } from '../jsonapi/errors';

/**
 * An XLSX is a zip, and a zip of 10 MB can hold gigabytes (a deflated run of zeros shrinks a
 * thousandfold): exceljs would inflate every entry whole before reading a cell. So the zip is read
 * here first (issue 38, point 7): its central directory's sizes are checked before anything is
 * inflated, then only the parts the first worksheet needs are inflated, each stopped at the size
 * it declared (an entry that lies about its size is cut off there, not trusted), and handed to
 * exceljs as a new, uncompressed zip.
 */
export const XLSX_LIMITS = {
  /** What the workbook may unpack to, all entries together. */
  inflatedBytes: 100 * 1024 * 1024,
  /** Entries in the zip (a real workbook has tens). */
  entries: 10_000,
} as const;

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

const unreadable = (reason: string) => apiError(422, 'importFile.spreadsheet', { values: { reason }, source: { parameter: 'file' } });

export const inflatedTooLarge = () =>
  apiError(413, 'importFileInflated', {
    values: { max: XLSX_LIMITS.inflatedBytes / 1024 / 1024 },
    source: { parameter: 'file' },
    params: { max: XLSX_LIMITS.inflatedBytes },
  });

/** The entries of a zip's central directory, as declared; ZIP64 and encrypted entries are refused (no workbook needs them). */
export function centralDirectory(zip: Buffer): ZipEntry[] {
  // The end record is the last 22 bytes, or further back by its comment (at most 65,535 bytes).
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--)
    if (zip.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  if (end < 0) throw unreadable('not a zip file');
  const count = zip.readUInt16LE(end + 10);
  const size = zip.readUInt32LE(end + 12);
  const offset = zip.readUInt32LE(end + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) throw unreadable('ZIP64');
  if (count > XLSX_LIMITS.entries) throw inflatedTooLarge();
  if (offset + size > end) throw unreadable('broken zip directory');
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL) throw unreadable('broken zip directory');
    const nameLength = zip.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + 46, at + 46 + nameLength).replace(/^\//, ''),
    };
    if (entry.flags & 0x1) throw unreadable('encrypted');
    entries.push(entry);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  // Declared sizes first: a bomb that tells the truth is refused before a byte is inflated.
  let total = 0;
  for (const e of entries) {
    total += e.size;
    if (e.size === 0xffffffff || total > XLSX_LIMITS.inflatedBytes) throw inflatedTooLarge();
  }
  return entries;
}

/** An entry's bytes, inflated no further than the size it declared (`budget` caps it too). */
export function inflateEntry(zip: Buffer, entry: ZipEntry, budget: number): Buffer {
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw unreadable(`broken zip entry ${entry.name}`);
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (start + entry.compressedSize > zip.length) throw unreadable(`broken zip entry ${entry.name}`);
  const data = zip.subarray(start, start + entry.compressedSize);
  const cap = Math.min(entry.size, budget);
  if (entry.method === 0) {
    if (data.length > cap) throw inflatedTooLarge();
    return data;
  }
  if (entry.method !== 8) throw unreadable(`zip method ${entry.method}`);
  if (cap === 0) return Buffer.alloc(0);
  try {
    // Inflation stops as soon as the output passes the cap: a lying entry costs no more than its word.
    return inflateRawSync(data, { maxOutputLength: cap });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw inflatedTooLarge();
    throw unreadable(`broken zip entry ${entry.name}`);
  }
}

/** A zip of the given entries, stored (uncompressed), for a reader that takes a whole zip. */
export function storedZip(files: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of files) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const attributesOf = (tag: string) => Object.fromEntries([...tag.matchAll(/([\w:]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map((m) => [m[1].replace(/^\w+:/, ''), m[2] ?? m[3]]));

/** exceljs's own reading of a sheet's target (`xl/` + the target, a leading `/xl/` dropped) and of a worksheet part's name. */
const sheetPath = (target: string) => `xl/${target.replace(/^(\s|\/xl\/)+/, '')}`;
const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

/** Parts exceljs reads besides the worksheets: what a worksheet's comments, drawings and tables point to, and the styles and strings of its cells. */
const SHARED_PARTS = [/^xl\/workbook\.xml$/, /^xl\/_rels\/workbook\.xml\.rels$/, /^xl\/sharedStrings\.xml$/, /^xl\/styles\.xml$/, /^xl\/media\//, /^xl\/drawings\//, /^xl\/comments\d+\.xml$/, /^xl\/tables\/table\d+\.xml$/];

/**
 * The workbook as exceljs should see it: the first worksheet (the first of the workbook's sheets
 * that is a worksheet) and what it needs, nothing else; every part inflated within the limits.
 */
export function firstSheetWorkbook(zip: Buffer): Buffer {
  const entries = centralDirectory(zip);
  const byName = new Map<string, ZipEntry>();
  for (const e of entries) if (!byName.has(e.name)) byName.set(e.name, e);
  let budget = XLSX_LIMITS.inflatedBytes;
  const read = new Map<string, Buffer>();
  const take = (name: string): Buffer | undefined => {
    const entry = byName.get(name);
    if (!entry) return undefined;
    let data = read.get(name);
    if (!data) {
      data = inflateEntry(zip, entry, budget);
      budget -= data.length;
      read.set(name, data);
    }
    return data;
  };
  const workbook = take('xl/workbook.xml')?.toString('utf8') ?? '';
  const rels = take('xl/_rels/workbook.xml.rels')?.toString('utf8') ?? '';
  const targets = new Map<string, string>();
  for (const tag of rels.match(/<(?:\w+:)?Relationship\b[^>]*>/g) ?? []) {
    const { Id, Target } = attributesOf(tag);
    if (Id && Target) targets.set(Id, Target);
  }
  let first: string | undefined;
  for (const tag of workbook.match(/<(?:\w+:)?sheet\b[^>]*>/g) ?? []) {
    const target = targets.get(attributesOf(tag).id ?? '');
    const path = target && sheetPath(target);
    if (path && WORKSHEET.test(path) && byName.has(path)) {
      first = path;
      break;
    }
  }
  const wanted = (name: string) =>
    !name.endsWith('/') &&
    (SHARED_PARTS.some((p) => p.test(name)) || (first !== undefined && (name === first || name === `${first.replace(/^xl\/worksheets\//, 'xl/worksheets/_rels/')}.rels`)));
  const files = [...byName.keys()].filter(wanted).map((name) => ({ name, data: take(name)! }));
  return storedZip(files);
}
