import { zodResolver } from "@hookform/resolvers/zod";
import { UPLOAD_MAX_BYTES } from "@shop/shared/constants";
import { accountNotes, api as apiMessages, formErrors } from "@shop/shared/messages";
import { profileForm, type UpdateProfileInput, type UserDto } from "@shop/shared/schemas/user";
import { type ChangeEvent, useEffect, useId, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { Avatar } from "#web/components/avatar";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { TextField } from "#web/components/text-field";
import { errorMessage, isApiError } from "#web/lib/api";
import { applyServerErrors } from "#web/lib/form-errors";
import { toast } from "#web/lib/toast";
import { useUpdateAvatar } from "../api/update-avatar";
import { useUpdateProfile } from "../api/update-profile";

const FIELDS = ["name.firstName", "name.lastName", "email", "currentPassword"] as const;

/**
 * Why a chosen file cannot be an avatar, or null. The server checks the content again
 * (docs/design.md section 5).
 */
function avatarProblem(file: File): string | null {
  if (!file.type.startsWith("image/") || file.type === "image/svg+xml") return apiMessages.unsupportedImage;
  if (file.size > UPLOAD_MAX_BYTES) return apiMessages.uploadTooLarge;
  return null;
}

/** A local preview of the chosen picture, released when it changes or the dialog closes. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

function EditProfileForm({ user, onDone }: { user: UserDto; onDone: () => void }) {
  const updateProfile = useUpdateProfile();
  const updateAvatar = useUpdateAvatar();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = usePreviewUrl(file);
  const schema = useMemo(() => profileForm(user.email), [user.email]);
  const { register, handleSubmit, setError, formState, watch } = useForm<UpdateProfileInput>({
    resolver: zodResolver(schema),
    defaultValues: { name: { ...user.name }, email: user.email, currentPassword: "" },
  });
  const { errors: fieldErrors } = formState;

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    const problem = chosen ? avatarProblem(chosen) : null;
    setFileError(problem);
    setFile(problem ? null : chosen);
    if (problem) event.target.value = "";
  };

  const submit = handleSubmit(
    async (values) => {
      // Compared with what is saved (the values are already trimmed and lower-cased by the schema).
      const emailChanged = values.email !== user.email;
      const changed =
        values.name.firstName !== user.name.firstName ||
        values.name.lastName !== user.name.lastName ||
        emailChanged;
      // The password goes along only to change the email (the server asks for it then).
      const { currentPassword, ...details } = values;
      // The name first, then the picture; each call tells the shopper how it went.
      try {
        if (changed)
          await updateProfile.mutateAsync(emailChanged ? { ...details, currentPassword } : details);
      } catch (error) {
        if (isApiError(error)) applyServerErrors(error, FIELDS, setError);
        return;
      }
      try {
        if (file) await updateAvatar.mutateAsync(file);
      } catch (error) {
        setFileError(errorMessage(error));
        return;
      }
      onDone();
    },
    () => toast.error(formErrors.profile),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Edit profile" className="space-y-4">
      <div className="flex items-center gap-4">
        {preview ? (
          <img src={preview} alt="Your new avatar, as chosen" className="size-16 rounded-full object-cover" />
        ) : (
          <Avatar
            firstName={watch("name.firstName") || user.name.firstName}
            url={user.avatar?.url ?? null}
            className="size-16 text-2xl"
          />
        )}
        <div className="min-w-0 flex-1">
          <label htmlFor={fileId} className="block text-sm font-medium text-neutral-800">
            Profile picture
          </label>
          <input
            id={fileId}
            type="file"
            accept="image/*"
            onChange={chooseFile}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${fileId}-error` : `${fileId}-hint`}
            className="mt-1.5 block w-full text-sm text-neutral-700 file:mr-3 file:rounded-control file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100"
          />
          {fileError ? (
            <p id={`${fileId}-error`} className="mt-1.5 text-xs font-medium text-danger-700">
              {fileError}
            </p>
          ) : (
            <p id={`${fileId}-hint`} className="mt-1.5 text-xs text-neutral-500">
              Images only (JPEG, PNG, WebP, GIF or AVIF).
            </p>
          )}
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          error={fieldErrors.name?.firstName?.message ?? fieldErrors.name?.message}
          {...register("name.firstName")}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={fieldErrors.name?.lastName?.message}
          {...register("name.lastName")}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={fieldErrors.email?.message}
        {...register("email")}
      />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        hint={accountNotes.currentPasswordForEmail}
        error={fieldErrors.currentPassword?.message}
        {...register("currentPassword")}
      />
      <div className="-mx-5 mt-2 flex justify-end gap-3 border-t border-neutral-200 px-5 pt-4">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={formState.isSubmitting}>
          Save changes
        </Button>
      </div>
    </form>
  );
}

/** Edit profile (SPEC section 2): first and last name, email and an avatar upload with a preview. */
export function EditProfileDialog({
  user,
  open,
  onClose,
}: {
  user: UserDto;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Edit profile">
      <EditProfileForm user={user} onDone={onClose} />
    </Dialog>
  );
}
