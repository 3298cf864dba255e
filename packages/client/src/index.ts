export type { components, operations, paths } from "./api-types"
export {
  createNativClient,
  type CulturalizeImageFields,
  type CulturalizeImageResult,
  type CulturalizeInput,
  type CulturalizeResult,
  type ExtractTextResult,
  type InspectImageFields,
  type InspectImageResult,
  type NativClient,
  type NativClientOptions,
  type TmBulkUploadFields,
  type TmBulkUploadResult,
} from "./client"
export { NativApiError } from "./errors"
export { DEFAULT_RETRY, type RetryOptions, retryAfterMs } from "./retrying-fetch"
