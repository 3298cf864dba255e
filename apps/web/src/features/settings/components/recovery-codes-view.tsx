import { CopyIcon, DownloadIcon } from "lucide-react"

import { Button } from "@/components/ui/button"
import { useAuth } from "@/lib/auth/auth-provider"
import { copyText } from "@/lib/clipboard"
import { saveFile } from "@/lib/save-file"

import { RECOVERY_CODES_FILE_NAME, recoveryCodesText } from "../lib/recovery-codes-file"

/**
 * A new set of recovery codes, shown this once: the list, Copy and Download (.txt), and the
 * button that says they are kept somewhere safe.
 */
export function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { user } = useAuth()
  const file = () => recoveryCodesText(codes, user?.email, new Date())
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        Keep these codes somewhere safe, such as a password manager. If you lose your phone, each
        code lets you sign in once instead of a code from your authenticator app.{" "}
        <strong>They are shown only now.</strong>
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-md bg-muted p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            void copyText(codes.join("\n"), {
              copied: "Recovery codes copied",
              failed: "Failed to copy the recovery codes",
            })
          }
        >
          <CopyIcon aria-hidden="true" />
          Copy
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            saveFile(
              RECOVERY_CODES_FILE_NAME,
              new Blob([file()], { type: "text/plain;charset=utf-8" }),
            )
          }
        >
          <DownloadIcon aria-hidden="true" />
          Download
        </Button>
      </div>
      <div className="flex justify-end">
        <Button type="button" onClick={onDone}>
          I have saved my codes
        </Button>
      </div>
    </div>
  )
}
