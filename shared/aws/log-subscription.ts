import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { CloudWatchLogsDecodedData, CloudWatchLogsEvent } from 'aws-lambda';

const gunzipAsync = promisify(gunzip);
const gzipAsync = promisify(gzip);

/**
 * The log messages of a CloudWatch Logs subscription event (base64 of gzipped JSON). A control
 * message (CloudWatch checking that the destination is reachable) carries none.
 */
export async function subscriptionMessages(event: CloudWatchLogsEvent): Promise<string[]> {
  const json = await gunzipAsync(Buffer.from(event.awslogs.data, 'base64'));
  const data = JSON.parse(json.toString('utf8')) as CloudWatchLogsDecodedData;
  if (data.messageType !== 'DATA_MESSAGE') return [];
  return data.logEvents.map((logEvent) => logEvent.message);
}

/** The event CloudWatch Logs would deliver for `messages` of one log group (the local stage, tests). */
export async function subscriptionEvent(
  logGroup: string,
  messages: readonly { id: string; timestamp: number; message: string }[],
): Promise<CloudWatchLogsEvent> {
  const data: CloudWatchLogsDecodedData = {
    owner: '000000000000',
    logGroup,
    logStream: 'local',
    subscriptionFilters: ['request-log'],
    messageType: 'DATA_MESSAGE',
    logEvents: [...messages],
  };
  const zipped = await gzipAsync(Buffer.from(JSON.stringify(data)));
  return { awslogs: { data: zipped.toString('base64') } };
}
