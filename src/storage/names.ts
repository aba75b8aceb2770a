/**
 * What a stored picture is called and what it may be: the two folders, the stored name's form and
 * the picture types. Shared by the local folder (./images.ts), the bucket (./s3.ts) and backups
 * (src/backup/pictures.ts), none of which need each other for it.
 */
export const IMAGE_FOLDERS = ["patients", "doctors"] as const;
export type ImageFolder = (typeof IMAGE_FOLDERS)[number];

/**
 * The patients' reports (issue 56 item 4): a folder of its own, never served under /uploads
 * (src/routes/uploads.ts serves IMAGE_FOLDERS only) and not in the pictures' backups.
 */
export const DOCUMENT_FOLDER = "documents";
export type StoredFolder = ImageFolder | typeof DOCUMENT_FOLDER;

export const IMAGE_TYPES = { png: "image/png", jpg: "image/jpeg" } as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;
/** What a stored file may be: a picture, or a report's PDF. */
export const STORED_TYPES = { ...IMAGE_TYPES, pdf: "application/pdf" } as const;
export type StoredExtension = keyof typeof STORED_TYPES;

/** A stored file name: 32 hex characters of randomness and the detected extension. */
const FILE_NAME = /^[0-9a-f]{32}\.(png|jpg|pdf)$/;

/** Whether `name` is one this storage could have made; anything else is never looked up. */
export function isStoredName(name: string): boolean {
  return FILE_NAME.test(name);
}

/** The content type of a stored name (which isStoredName has accepted). */
export function storedType(name: string): string {
  return STORED_TYPES[name.slice(name.lastIndexOf(".") + 1) as StoredExtension];
}

/** The picture's real type from its magic bytes, or undefined when it is neither JPEG nor PNG. */
export function sniffImage(bytes: Uint8Array): ImageExtension | undefined {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpg";
  return undefined;
}

export type StoredImage = { body: Blob; type: string; size: number };

export type ImageStorage = {
  /** Stores a file of a known type (a picture, or a report's PDF) under a new name and returns the name. */
  save(folder: StoredFolder, bytes: Uint8Array, ext: StoredExtension): Promise<string>;
  /** Removes a file; a missing one is not an error. */
  remove(folder: StoredFolder, name: string): Promise<void>;
  /** Reads a file by name, or undefined for any name that is not a stored file. */
  read(folder: StoredFolder, name: string): Promise<StoredImage | undefined>;
};

/** A new stored name: 128 random bits in hex and the extension. */
export function randomName(ext: StoredExtension): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${Buffer.from(bytes).toString("hex")}.${ext}`;
}
