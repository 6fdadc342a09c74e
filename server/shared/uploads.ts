/** A file sent with a multipart form (a profile photo), read whole into memory. */
export interface UploadedFile {
  buffer: Buffer
  filename: string
  mimetype: string
}
