/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, R2, ...), used when S3_BUCKET and its keys are
 * set, so that several API instances share one store (docs/design.md section 7). Browsers load the
 * files straight from S3_PUBLIC_URL (a CDN or the bucket's public endpoint).
 */
import {
  DeleteObjectsCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { Config } from "#api/config";
import { assertKey, MEDIA_CACHE_CONTROL, type MediaStorage } from "./storage";

export type S3Settings = NonNullable<Config["s3"]>;

/** The URL objects are public under: S3_PUBLIC_URL, else the path-style endpoint URL, else AWS's virtual-host URL. */
function publicBase(settings: S3Settings): string {
  const base =
    settings.publicUrl ??
    (settings.endpoint
      ? `${settings.endpoint.replace(/\/+$/, "")}/${settings.bucket}`
      : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`);
  return base.replace(/\/+$/, "");
}

export class S3Storage implements MediaStorage {
  readonly externalOrigin: string;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly base: string;
  /** Where the bucket is looked for, for messages: the endpoint, or AWS's region. */
  private readonly where: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.base = publicBase(settings);
    this.externalOrigin = new URL(this.base).origin;
    this.where = settings.endpoint ? `at ${settings.endpoint}` : `in AWS region ${settings.region}`;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      // Most S3-compatible servers (MinIO and the like) only answer path-style requests.
      forcePathStyle: Boolean(settings.endpoint),
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    });
  }

  /**
   * Asks for the bucket (HEAD): a shop started against a bucket that is not there, or that its keys
   * cannot reach, stops at once naming S3_BUCKET, instead of failing at the first upload.
   */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const reason =
        status === 404
          ? "does not exist"
          : status === 403
            ? "is refused to S3_ACCESS_KEY_ID (403)"
            : `cannot be reached (${error instanceof Error ? `${error.name}: ${error.message}` : String(error)})`;
      throw new Error(`S3_BUCKET: the bucket "${this.bucket}" ${this.where} ${reason}`);
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    // NOTE: S3 cannot attach `X-Content-Type-Options: nosniff` to an object; the CDN or bucket
    // in front must add it. The exact Content-Type set here is what makes that header effective.
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: assertKey(key),
        Body: body,
        ContentType: contentType,
        CacheControl: MEDIA_CACHE_CONTROL,
      }),
    );
  }

  async deletePrefix(prefix: string): Promise<void> {
    const Prefix = `${assertKey(prefix)}/`;
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix, ContinuationToken }),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0) {
        await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
        );
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  publicUrl(key: string): string {
    return `${this.base}/${assertKey(key)}`;
  }

  keyOf(url: string): string | undefined {
    if (!url.startsWith(`${this.base}/`)) return undefined;
    try {
      return assertKey(url.slice(this.base.length + 1));
    } catch {
      return undefined;
    }
  }

  close(): void {
    this.client.destroy();
  }
}
