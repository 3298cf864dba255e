import { formatMoney, type Receipt } from "@nativ/contracts"

/** The details block of a receipt, in reading order; the HTML page shows the same rows. */
export function receiptRows(receipt: Receipt): [string, string][] {
  return [
    ["Receipt number", receipt.receipt_number],
    ["Date paid", longDate(receipt.paid_at)],
    ["Company", receipt.company_name ?? "—"],
    ["Billed to", receipt.billed_to ?? "—"],
    ["Payment method", receipt.provider === "stripe" ? "Card (Stripe)" : "Test checkout"],
    ["Payment reference", receipt.payment_reference],
  ]
}

function longDate(iso: string) {
  return new Date(iso).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  })
}

/**
 * A one-page A4 receipt made with pdfkit (loaded on the first PDF, not at start-up: the server's
 * start time is measured, npm run bench scenario 6). The receipt number is also the document's
 * title, so it can be read from the PDF's metadata.
 */
export async function renderReceiptPdf(receipt: Receipt): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit")
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    info: { Title: `Receipt ${receipt.receipt_number}`, Author: "Nativ", Subject: "Nativ receipt" },
  })
  const chunks: Buffer[] = []
  doc.on("data", (chunk: Buffer) => chunks.push(chunk))
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve)
    doc.on("error", reject)
  })
  const amount = formatMoney(receipt.amount_cents, receipt.currency)
  const left = doc.page.margins.left
  const width = doc.page.width - left - doc.page.margins.right

  doc.font("Helvetica-Bold").fontSize(22).text("Nativ")
  doc.font("Helvetica").fontSize(10).fillColor("#555").text("Text culturalization").moveDown(1.5)
  doc.font("Helvetica-Bold").fontSize(16).fillColor("#111").text("Receipt").moveDown(0.8)
  for (const [label, value] of receiptRows(receipt)) {
    const y = doc.y
    doc.font("Helvetica").fontSize(10).fillColor("#555").text(label, left, y, { width: 150 })
    doc
      .font("Helvetica")
      .fillColor("#111")
      .text(value, left + 160, y, { width: width - 160 })
    doc.moveDown(0.4)
  }
  doc.moveDown(1)
  const lineY = doc.y
  doc
    .moveTo(left, lineY)
    .lineTo(left + width, lineY)
    .strokeColor("#ddd")
    .stroke()
  doc.moveDown(0.6)
  const itemY = doc.y
  doc.font("Helvetica").fontSize(11).fillColor("#111")
  doc.text(`${receipt.credits.toLocaleString("en-US")} Nativ credits`, left, itemY)
  doc.text(amount, left, itemY, { width, align: "right" })
  doc.moveDown(0.8)
  const totalY = doc.y
  doc.font("Helvetica-Bold").text("Total paid", left, totalY)
  doc.text(amount, left, totalY, { width, align: "right" })
  doc.moveDown(2)
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor("#555")
    .text("Thank you for your purchase.", left, doc.y, { width })
  doc.end()
  await ended
  return Buffer.concat(chunks)
}
