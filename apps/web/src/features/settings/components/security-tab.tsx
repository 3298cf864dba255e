import { ChangePasswordCard } from "./change-password-card"
import { OtherDevicesCard } from "./other-devices-card"
import { TwoFactorCard } from "./two-factor-card"

/** Security: the password, two-factor authentication and the other signed-in devices. */
export function SecurityTab() {
  return (
    <div className="grid gap-6">
      <ChangePasswordCard />
      <TwoFactorCard />
      <OtherDevicesCard />
    </div>
  )
}
