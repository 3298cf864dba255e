/// <reference types="@adobe/cc-ext-uxp-types" />
import type { SecureStorage, Shell, storage } from "uxp"

import type { UxpFile, UxpFileSystem, UxpFolder, UxpSecureStorage, UxpShell } from "./host"

/*
 * Compiled on its own (host-api.test.ts), with UXP's official typings: each class UXP gives the
 * plugin must fit the declaration the plugin codes against, or this file does not compile.
 */
type Fits<Real, Declared> = [Real] extends [Declared] ? true : never
const fits = <T extends true>(value: T) => value

export const checks = [
  fits<Fits<Shell, UxpShell>>(true),
  fits<Fits<SecureStorage, UxpSecureStorage>>(true),
  fits<Fits<storage.FileSystemProvider, UxpFileSystem>>(true),
  fits<Fits<storage.Folder, UxpFolder>>(true),
  fits<Fits<storage.File, UxpFile>>(true),
]
