import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import {
  newDeviceKeyPair,
  Offline,
  ProblemError,
  passKeys,
  type Redemption,
  redeem,
  registerDevice,
  type ScannerConfig,
  type VerifiedPass,
  venueItems,
  verifyPass,
} from './api.ts';
import { type CameraScan, startCameraScan } from './camera.ts';
import { browserLanguage, dictionaries, type Language, refusalText } from './i18n.ts';
import { checkOffline, type OfflinePass } from './offline.ts';
import {
  type Enrollment,
  enqueue,
  forgetEnrollment,
  oldestPending,
  pendingCount,
  readEnrollment,
  readLanguage,
  readPassKeys,
  readVenueItems,
  removePending,
  saveEnrollment,
  saveLanguage,
  savePassKeys,
  saveVenueItems,
} from './store.ts';
import { syncQueue } from './sync.ts';

/** What the last scan showed: a pass checked online or offline, a refusal, or the answer to Admit. */
type Outcome =
  | { kind: 'online'; qr: string; scannedAt: string; pass: VerifiedPass }
  | { kind: 'offline'; qr: string; scannedAt: string; pass: OfflinePass }
  | { kind: 'refused'; code: string; redeemedAt?: string }
  | { kind: 'admitted'; redemption: Redemption }
  | { kind: 'queued'; count: number };

function refusalOf(error: unknown): { code: string; redeemedAt?: string } {
  if (error instanceof ProblemError) {
    const { status, code, details } = error.problem;
    if (status === 401) return { code: 'Unauthorized' };
    if (status === 422 && code !== 'EnrollmentCodeInvalid') return { code: 'InvalidQr' };
    const redeemedAt = typeof details?.redeemed_at === 'string' ? details.redeemed_at : undefined;
    return { code: code ?? 'Other', redeemedAt };
  }
  return { code: 'Other' };
}

export function App({ config }: { config: ScannerConfig }) {
  const [language, setLanguage] = useState<Language>(() => browserLanguage(navigator.languages));
  const [enrollment, setEnrollment] = useState<Enrollment | undefined>();
  const [loaded, setLoaded] = useState(false);
  const [online, setOnline] = useState(navigator.onLine);
  const [pending, setPending] = useState(0);
  const [syncNotes, setSyncNotes] = useState<string[]>([]);
  const words = dictionaries[language];

  useEffect(() => {
    document.documentElement.lang = language;
    document.title = words.title;
  }, [language, words]);

  useEffect(() => {
    void (async () => {
      const [stored, storedLanguage, count] = await Promise.all([
        readEnrollment(),
        readLanguage(),
        pendingCount(),
      ]);
      if (storedLanguage === 'ru' || storedLanguage === 'en') setLanguage(storedLanguage);
      setEnrollment(stored);
      setPending(count);
      setLoaded(true);
    })();
  }, []);

  /** The pass keys and the venue's items, kept for offline checks; refreshed whenever the device is online. */
  const refreshCaches = useCallback(
    async (current: Enrollment) => {
      try {
        await savePassKeys(await passKeys(config));
        await saveVenueItems(await venueItems(config, current));
      } catch (error) {
        if (error instanceof Offline) setOnline(false);
      }
    },
    [config],
  );

  const syncing = useRef(false);
  // The sync reads the words of the moment, so a language switch does not make a new sync (and a new
  // round of requests through the effect below).
  const wordsNow = useRef(words);
  wordsNow.current = words;
  const sync = useCallback(
    async (current: Enrollment) => {
      if (syncing.current) return;
      syncing.current = true;
      try {
        const result = await syncQueue(
          {
            oldest: oldestPending,
            remove: removePending,
            redeem: (pending) => redeem(config, current, pending),
          },
          (outcome) => {
            const words = wordsNow.current;
            void pendingCount().then(setPending);
            const note =
              outcome.kind === 'refused'
                ? words.syncFailed(outcome.pending.passId, refusalText(words, refusalOf(outcome.error).code))
                : outcome.redemption.status === 'Disputed'
                  ? words.disputed
                  : undefined;
            if (note) setSyncNotes((notes) => [...notes, note]);
          },
        );
        setOnline(result.stopped !== 'offline');
        // The queue waits for a device enrolled again; the staff must know why it does not drain.
        const cutOff = refusalOf(result.unsettledBy).code === 'Unauthorized';
        const note = wordsNow.current.refusal.Unauthorized;
        if (cutOff && note) setSyncNotes((notes) => (notes.includes(note) ? notes : [...notes, note]));
      } finally {
        syncing.current = false;
      }
    },
    [config],
  );

  useEffect(() => {
    const goOnline = () => {
      setOnline(true);
      if (enrollment) {
        void sync(enrollment);
        void refreshCaches(enrollment);
      }
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    if (enrollment && navigator.onLine) goOnline();
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, [enrollment, sync, refreshCaches]);

  const chooseLanguage = (next: Language) => {
    setLanguage(next);
    void saveLanguage(next);
  };

  return (
    <>
      <header class="container status-bar">
        <h1>{words.title}</h1>
        <label>
          {words.language}{' '}
          <select
            value={language}
            onChange={(event) => chooseLanguage(event.currentTarget.value as Language)}
          >
            <option value="en" lang="en">
              English
            </option>
            <option value="ru" lang="ru">
              Русский
            </option>
          </select>
        </label>
      </header>
      <main class="container">
        <div class="status-bar">
          <p role="status" class={online ? '' : 'offline'} data-testid="connectivity">
            {online ? words.online : words.offline}
          </p>
          <p role="status" aria-live="polite" class="pending" data-testid="pending">
            {words.pending(pending)}
          </p>
        </div>
        {/* The alert region stays in the page so that a note added to it is announced; the list inside
            keeps its list role, which role="alert" on the list itself would replace. */}
        <div role="alert">
          {syncNotes.length > 0 && (
            <ul>
              {syncNotes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          )}
        </div>
        {!loaded ? null : enrollment ? (
          <Scanner
            config={config}
            enrollment={enrollment}
            words={words}
            onQueued={async () => setPending(await pendingCount())}
            onOffline={() => setOnline(false)}
            onEnrollAgain={async () => {
              await forgetEnrollment();
              setEnrollment(undefined);
              const cutOff = Object.values(dictionaries).map((dictionary) => dictionary.refusal.Unauthorized);
              setSyncNotes((notes) => notes.filter((note) => !cutOff.includes(note)));
            }}
          />
        ) : (
          <Enroll
            config={config}
            words={words}
            onEnrolled={(created) => {
              setEnrollment(created);
              void refreshCaches(created);
            }}
          />
        )}
      </main>
    </>
  );
}

type Words = (typeof dictionaries)['en'];

function Enroll({
  config,
  words,
  onEnrolled,
}: {
  config: ScannerConfig;
  words: Words;
  onEnrolled: (enrollment: Enrollment) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setBusy(true);
    setError(undefined);
    try {
      const keyPair = await newDeviceKeyPair();
      const created = await registerDevice(config, {
        enrollmentCode: String(form.get('enrollment_code') ?? '').trim(),
        name: String(form.get('name') ?? '').trim(),
        keyPair,
      });
      await saveEnrollment(created);
      onEnrolled(created);
    } catch (failure) {
      setError(refusalText(words, failure instanceof Offline ? 'Other' : refusalOf(failure).code));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="enroll-title">
      <h2 id="enroll-title">{words.enrollTitle}</h2>
      <p>{words.enrollHelp}</p>
      <form onSubmit={submit}>
        <label>
          {words.enrollmentCode}
          <input
            name="enrollment_code"
            required
            autocomplete="off"
            autocapitalize="characters"
            spellcheck={false}
          />
        </label>
        <label>
          {words.deviceName}
          <input name="name" required maxLength={100} />
        </label>
        <button type="submit" aria-busy={busy} disabled={busy}>
          {busy ? words.enrolling : words.enroll}
        </button>
      </form>
      <div aria-live="assertive">{error && <p class="refusal">{error}</p>}</div>
    </section>
  );
}

function Scanner({
  config,
  enrollment,
  words,
  onQueued,
  onOffline,
  onEnrollAgain,
}: {
  config: ScannerConfig;
  enrollment: Enrollment;
  words: Words;
  onQueued: () => void;
  onOffline: () => void;
  /** A disabled device's way out: forget this enrollment and enroll with a new code. */
  onEnrollAgain: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const camera = useRef<CameraScan | undefined>(undefined);
  const [cameraOn, setCameraOn] = useState(false);
  const [cameraError, setCameraError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [manual, setManual] = useState('');

  useEffect(() => () => camera.current?.stop(), []);

  const check = async (qr: string) => {
    const scannedAt = new Date().toISOString();
    setBusy(true);
    try {
      const pass = await verifyPass(config, enrollment, qr);
      setOutcome(
        pass.refusal ? { kind: 'refused', code: pass.refusal } : { kind: 'online', qr, scannedAt, pass },
      );
    } catch (error) {
      if (error instanceof Offline) {
        onOffline();
        const result = await checkOffline(qr, await readPassKeys(), await readVenueItems(), new Date());
        setOutcome(
          result.ok
            ? { kind: 'offline', qr, scannedAt, pass: result.pass }
            : { kind: 'refused', code: result.refusal },
        );
      } else {
        setOutcome({ kind: 'refused', ...refusalOf(error) });
      }
    } finally {
      setBusy(false);
    }
  };

  const startCamera = async () => {
    if (!video.current) return;
    setCameraError(false);
    try {
      camera.current = await startCameraScan(video.current, (code) => {
        setCameraOn(false);
        void check(code);
      });
      setCameraOn(true);
    } catch {
      setCameraError(true);
      setCameraOn(false);
    }
  };

  const stopCamera = () => {
    camera.current?.stop();
    setCameraOn(false);
  };

  const admit = async (qr: string, scannedAt: string, passId: string, admittedGuests: number) => {
    // Made once, when the staff press Admit: a retry, now or from the queue, is the same redemption.
    const pending = { idempotencyKey: crypto.randomUUID(), qr, admittedGuests, scannedAt, passId };
    setBusy(true);
    try {
      const redemption = await redeem(config, enrollment, pending);
      setOutcome({ kind: 'admitted', redemption });
    } catch (error) {
      if (error instanceof Offline) {
        onOffline();
        await enqueue(pending);
        onQueued();
        setOutcome({ kind: 'queued', count: admittedGuests });
      } else {
        setOutcome({ kind: 'refused', ...refusalOf(error) });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="scan-title">
      <h2 id="scan-title">{words.scanTitle}</h2>
      <p>
        {words.enrolledAs}: {enrollment.name}
      </p>
      <video ref={video} class="camera" hidden={!cameraOn} muted playsInline aria-label={words.cameraVideo} />
      <button type="button" class="secondary" onClick={cameraOn ? stopCamera : startCamera}>
        {cameraOn ? words.stopCamera : words.startCamera}
      </button>
      {cameraError && <p role="alert">{words.cameraUnavailable}</p>}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (manual.trim()) void check(manual.trim());
        }}
      >
        <label>
          {words.manualCode}
          <textarea
            name="qr"
            rows={2}
            value={manual}
            onInput={(event) => setManual(event.currentTarget.value)}
            autocomplete="off"
            spellcheck={false}
          />
        </label>
        <button type="submit" aria-busy={busy} disabled={busy}>
          {busy ? words.checking : words.check}
        </button>
      </form>
      <div aria-live="polite" data-testid="result">
        {outcome && (
          <Result
            outcome={outcome}
            words={words}
            busy={busy}
            onAdmit={admit}
            onNext={() => {
              setOutcome(undefined);
              setManual('');
            }}
            onEnrollAgain={onEnrollAgain}
          />
        )}
      </div>
    </section>
  );
}

function Result({
  outcome,
  words,
  busy,
  onAdmit,
  onNext,
  onEnrollAgain,
}: {
  outcome: Outcome;
  words: Words;
  busy: boolean;
  onAdmit: (qr: string, scannedAt: string, passId: string, admittedGuests: number) => void;
  onNext: () => void;
  onEnrollAgain: () => void;
}) {
  const next = (
    <button type="button" class="secondary" onClick={onNext}>
      {words.cancel}
    </button>
  );
  switch (outcome.kind) {
    case 'refused':
      return (
        <div>
          <p class="refusal" data-refusal={outcome.code}>
            {refusalText(words, outcome.code)}
            {outcome.redeemedAt && (
              <> {words.usedAt(new Date(outcome.redeemedAt).toLocaleString(words.locale))}</>
            )}
          </p>
          {outcome.code === 'Unauthorized' ? (
            <button type="button" onClick={onEnrollAgain}>
              {words.enrollAgain}
            </button>
          ) : (
            next
          )}
        </div>
      );
    case 'admitted':
      return (
        <div>
          <p class={outcome.redemption.status === 'Disputed' ? 'disputed' : 'accepted'}>
            {outcome.redemption.status === 'Disputed'
              ? words.disputed
              : words.admitted(outcome.redemption.admitted_guests)}
          </p>
          {next}
        </div>
      );
    case 'queued':
      return (
        <div>
          <p class="accepted">{words.queued(outcome.count)}</p>
          {next}
        </div>
      );
    case 'online':
    case 'offline': {
      const guestsCount =
        outcome.kind === 'online'
          ? outcome.pass.guests_count - (outcome.pass.used_guests_count ?? 0)
          : outcome.pass.guestsCount;
      const passId = outcome.kind === 'online' ? outcome.pass.pass_id : outcome.pass.passId;
      const validUntil = outcome.kind === 'online' ? outcome.pass.valid_until : outcome.pass.validUntil;
      return (
        <AdmitForm
          words={words}
          busy={busy}
          guestsCount={guestsCount}
          validUntil={validUntil}
          onAdmit={(count) => onAdmit(outcome.qr, outcome.scannedAt, passId, count)}
          next={next}
        >
          {outcome.kind === 'online' ? (
            <>
              {outcome.pass.transport_number && (
                <p>
                  {words.transport}: {outcome.pass.transport_number}
                </p>
              )}
              <h3>{words.guests}</h3>
              <ol class="guest-list">
                {outcome.pass.guests.map((guest) => (
                  <li key={`${guest.first_name} ${guest.last_name}`}>
                    {guest.first_name} {guest.last_name} ({words.guestTypes[guest.type] ?? guest.type}
                    {guest.lead ? `, ${words.lead}` : ''})
                  </li>
                ))}
              </ol>
            </>
          ) : (
            <p class="guest-list">{words.guestCountOnly(guestsCount)}</p>
          )}
        </AdmitForm>
      );
    }
  }
}

function AdmitForm({
  words,
  busy,
  guestsCount,
  validUntil,
  onAdmit,
  next,
  children,
}: {
  words: Words;
  busy: boolean;
  guestsCount: number;
  validUntil: string;
  onAdmit: (count: number) => void;
  next: preact.ComponentChild;
  children: preact.ComponentChildren;
}) {
  const [count, setCount] = useState(guestsCount);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onAdmit(count);
      }}
    >
      {children}
      <p>
        {words.validUntil}: {new Date(validUntil).toLocaleString(words.locale)}
      </p>
      <label>
        {words.admitCount}
        <select value={String(count)} onChange={(event) => setCount(Number(event.currentTarget.value))}>
          {Array.from({ length: Math.max(guestsCount, 1) }, (_, index) => index + 1).map((value) => (
            <option key={value} value={String(value)}>
              {value}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" aria-busy={busy} disabled={busy}>
        {words.admit}
      </button>
      {next}
    </form>
  );
}
