/*
 * The video player the back office embeds for previews (spec §2: loaded after start-up from a
 * fixed assets path). A custom element, <umpire-player src="…" poster="…">, that plays HLS where
 * the browser does natively and MP4 everywhere; it reports errors as a `player-error` event.
 * Plain script, no build step, so that other products of the client can load the same file.
 */
(function () {
  if (window.customElements === undefined || window.customElements.get('umpire-player')) return;

  class UmpirePlayer extends HTMLElement {
    static get observedAttributes() {
      return ['src', 'poster', 'autoplay', 'muted'];
    }

    connectedCallback() {
      if (!this.video) {
        this.video = document.createElement('video');
        this.video.controls = true;
        this.video.playsInline = true;
        this.video.style.width = '100%';
        this.video.style.maxHeight = '100%';
        this.video.style.background = '#000';
        this.video.addEventListener('error', () => {
          const error = this.video.error;
          this.dispatchEvent(new CustomEvent('player-error', { bubbles: true, detail: { code: error ? error.code : 0, message: error ? error.message : '' } }));
        });
        this.appendChild(this.video);
      }
      this.sync();
    }

    attributeChangedCallback() {
      if (this.video) this.sync();
    }

    /** True when this browser can play the source without help. */
    canPlay(src) {
      if (/\.m3u8(\?|$)/i.test(src)) return this.video.canPlayType('application/vnd.apple.mpegurl') !== '';
      return true;
    }

    sync() {
      const src = this.getAttribute('src') || '';
      this.video.poster = this.getAttribute('poster') || '';
      this.video.muted = this.hasAttribute('muted');
      this.video.autoplay = this.hasAttribute('autoplay');
      if (src && !this.canPlay(src)) {
        this.dispatchEvent(new CustomEvent('player-error', { bubbles: true, detail: { code: 'unsupported', message: src } }));
        return;
      }
      if (this.video.getAttribute('src') !== src) {
        if (src) this.video.setAttribute('src', src);
        else this.video.removeAttribute('src');
      }
    }
  }

  window.customElements.define('umpire-player', UmpirePlayer);
  window.UmpirePlayer = { version: 1 };
})();
