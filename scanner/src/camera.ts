import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * Reads QR codes from the camera: the browser's BarcodeDetector where it has one, else the
 * `barcode-detector` ponyfill (zxing-wasm) whose .wasm is a file of this app's own build, so it is
 * precached for offline use and allowed by the CSP; never fetched from a CDN.
 */
interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}

async function qrDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: new (options: { formats: string[] }) => Detector })
    .BarcodeDetector;
  if (native) return new native({ formats: ['qr_code'] });
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

export interface CameraScan {
  stop(): void;
}

/** Starts the rear camera into `video` and calls `onCode` with the first QR it reads; throws without a camera. */
export async function startCameraScan(
  video: HTMLVideoElement,
  onCode: (code: string) => void,
): Promise<CameraScan> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error('No camera API');
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: 'environment' },
    audio: false,
  });
  video.srcObject = stream;
  await video.play();
  const detector = await qrDetector();
  let stopped = false;
  const stop = () => {
    stopped = true;
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  const tick = async () => {
    if (stopped) return;
    try {
      const [first] = await detector.detect(video);
      if (first?.rawValue) {
        stop();
        onCode(first.rawValue);
        return;
      }
    } catch {
      // A frame not ready yet; the next one is tried.
    }
    setTimeout(tick, 200);
  };
  void tick();
  return { stop };
}
