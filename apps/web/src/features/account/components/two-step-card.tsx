import { twoFactor } from "@shop/shared/messages";
import type { TwoFactorSetupDto } from "@shop/shared/schemas/auth";
import type { UserDto } from "@shop/shared/schemas/user";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "#web/components/button";
import { TextField } from "#web/components/text-field";
import { isApiError } from "#web/lib/api";
import { toast } from "#web/lib/toast";
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRevokeOtherSessions,
  useSetUpTwoFactor,
} from "../api/two-factor";

const labels = twoFactor.page;
const cardClass = "rounded-card bg-white p-5 shadow-card ring-1 ring-neutral-200 sm:p-6";

/** The QR code of an otpauth URL, drawn in the browser (qrcode is loaded only when set-up starts). */
function QrCode({ url }: { url: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // NOTE: a data: URL, which the page's Content-Security-Policy allows for images (img-src).
    import("qrcode")
      .then((qr) => qr.toDataURL(url, { margin: 1, width: 192 }))
      .then((data) => {
        if (live) setSrc(data);
      })
      // Without a QR code the key for manual entry still serves.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [url]);
  return src ? (
    <img
      src={src}
      alt={labels.qrAlt}
      width={192}
      height={192}
      className="size-48 rounded-md ring-1 ring-neutral-200"
    />
  ) : (
    <div className="size-48 animate-pulse rounded-md bg-neutral-100" role="img" aria-label={labels.qrAlt} />
  );
}

/** The ten recovery codes, shown once, with a copy button. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(codes.join("\n"));
    setCopied(true);
  };
  return (
    <div className="space-y-3">
      <h3 className="font-semibold text-neutral-900">{labels.recoveryTitle}</h3>
      <p className="text-sm text-neutral-600">{labels.recoveryHint}</p>
      <ul
        aria-label={labels.recoveryTitle}
        className="grid grid-cols-1 gap-1 font-mono text-sm sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="rounded bg-neutral-50 px-2 py-1 text-neutral-900">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          {copied ? labels.copied : labels.copy}
        </Button>
        <Button size="sm" onClick={onDone}>
          {labels.done}
        </Button>
      </div>
    </div>
  );
}

/** The key in groups of four ("JBSW Y3DP ..."), as it is read out and typed; apps ignore the spaces. */
function groupedKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/** The set-up: the QR code, the key for manual entry, and the first code that turns it on. */
function SetUp({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetupDto;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate(code.replace(/\s/g, ""), {
      onSuccess: (answer) => onEnabled(answer.recoveryCodes),
      onError: (failure) =>
        setError(isApiError(failure) ? (failure.errors.code ?? failure.message) : undefined),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-neutral-600">{labels.scan}</p>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <QrCode url={setup.otpauthUrl} />
        <div className="min-w-0 flex-1 space-y-4">
          <div>
            <p className="text-sm font-medium text-neutral-900">{labels.manualKey}</p>
            <code className="mt-1 block rounded bg-neutral-50 px-2 py-1 text-sm tracking-wide">
              {groupedKey(setup.secret)}
            </code>
          </div>
          <TextField
            label={labels.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            error={error}
            onChange={(event) => setCode(event.target.value)}
            className="sm:max-w-56"
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" size="sm" loading={enable.isPending}>
              {labels.turnOn}
            </Button>
            <Button variant="ghost" size="sm" onClick={onCancel}>
              {labels.cancel}
            </Button>
          </div>
        </div>
      </div>
    </form>
  );
}

/** Turning it off takes the current password. */
function TurnOff() {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate(
      { currentPassword: password },
      {
        onError: (failure) =>
          setError(isApiError(failure) ? (failure.errors.currentPassword ?? failure.message) : undefined),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <TextField
        label={labels.turnOffPassword}
        type="password"
        autoComplete="current-password"
        value={password}
        error={error}
        onChange={(event) => setPassword(event.target.value)}
        className="sm:flex-1"
      />
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        loading={disable.isPending}
        className="text-danger-700"
      >
        {labels.turnOff}
      </Button>
    </form>
  );
}

/**
 * The profile's "Two-step sign-in" card (set up, recovery codes shown once, turn off) and the
 * "Sign out of all other sessions" button.
 */
export function TwoStepCard({ user, onChanged }: { user: UserDto; onChanged: () => void }) {
  const setUp = useSetUpTwoFactor();
  const revoke = useRevokeOtherSessions();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <>
      <section aria-labelledby="two-step-heading" className={`${cardClass} space-y-4`}>
        <div>
          <h2 id="two-step-heading" className="text-lg font-semibold text-neutral-900">
            {labels.title}
          </h2>
          <p className="mt-1 text-sm text-neutral-600">{user.twoFactorEnabled ? labels.on : labels.off}</p>
        </div>
        {recoveryCodes ? (
          <RecoveryCodes
            codes={recoveryCodes}
            onDone={() => {
              setRecoveryCodes(null);
              setUp.reset();
            }}
          />
        ) : user.twoFactorEnabled ? (
          <TurnOff />
        ) : setUp.data ? (
          <SetUp
            setup={setUp.data}
            onEnabled={(codes) => {
              setRecoveryCodes(codes);
              toast.success(twoFactor.enabled);
              onChanged();
            }}
            onCancel={() => setUp.reset()}
          />
        ) : (
          <Button size="sm" loading={setUp.isPending} onClick={() => setUp.mutate()}>
            {labels.setUp}
          </Button>
        )}
      </section>
      <section
        aria-labelledby="sessions-heading"
        className={`${cardClass} flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between`}
      >
        <div>
          <h2 id="sessions-heading" className="text-lg font-semibold text-neutral-900">
            {labels.sessionsTitle}
          </h2>
          <p className="mt-1 text-sm text-neutral-600">{labels.sessionsHint}</p>
        </div>
        <Button variant="secondary" size="sm" loading={revoke.isPending} onClick={() => revoke.mutate()}>
          {labels.signOutOthers}
        </Button>
      </section>
    </>
  );
}
