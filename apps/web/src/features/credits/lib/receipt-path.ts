import { generatePath } from "react-router"

import { paths } from "@/config/paths"

/** The dashboard's receipt page of a purchase (the receipt email links here too). */
export const receiptPath = (paymentId: string) => generatePath(paths.receipt, { id: paymentId })
