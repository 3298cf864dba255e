/**
 * Loads each font once for the plugin's whole session (Figma keeps a loaded font loaded), however
 * many layers use it: a thousand layers in one family cost one `loadFontAsync` per style.
 */
export class FontLoader {
  private readonly loading = new Map<string, Promise<void>>()

  constructor(private readonly figma: Pick<PluginAPI, "loadFontAsync">) {}

  get loaded() {
    return this.loading.size
  }

  async load(fonts: readonly FontName[]) {
    await Promise.all(fonts.map((font) => this.loadOne(font)))
  }

  private loadOne(font: FontName) {
    const key = `${font.family}\u0000${font.style}`
    let loading = this.loading.get(key)
    if (!loading) {
      loading = this.figma.loadFontAsync(font)
      this.loading.set(key, loading)
      // A font that failed to load may be installed later: try it again next time.
      loading.catch(() => this.loading.delete(key))
    }
    return loading
  }
}
