/**
 * The parts of the S3 SDK the image stores use, as one module: deployed code bundles it apart from the
 * function (infra/constructs/bundle.ts, `standaloneModules`), loaded with the first image read or written.
 */
export {
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
export { getSignedUrl } from '@aws-sdk/s3-request-presigner';
