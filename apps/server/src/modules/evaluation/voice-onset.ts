/**
 * Whether a reading has begun: a voice, not silence (docs/speech-service.md, "Silence is not a
 * reading"). The audio is cut into 20 ms frames; a frame is loud when its RMS reaches
 * `VOICE_RMS` (about −50 dBFS, below a child's quiet voice on a laptop microphone without gain
 * control, above digital silence and a quiet room's floor); the voice has begun once
 * `ONSET_FRAMES` of the last `WINDOW_FRAMES` frames were loud (100 ms of sound within 200 ms).
 * A stream of zeros, or a muted microphone, never begins.
 */
const FRAME = 320; // 20 ms at 16 kHz
export const VOICE_RMS = 100;
const WINDOW_FRAMES = 10;
const ONSET_FRAMES = 5;

export class VoiceOnset {
  private carry = new Int16Array(0);
  private recent: boolean[] = [];
  private begun = false;

  get hasBegun() {
    return this.begun;
  }

  /** Feed audio as it arrives; true once the voice has begun (and from then on). */
  feed(pcm: Int16Array): boolean {
    if (this.begun) return true;
    let audio = pcm;
    if (this.carry.length) {
      audio = new Int16Array(this.carry.length + pcm.length);
      audio.set(this.carry);
      audio.set(pcm, this.carry.length);
    }
    let at = 0;
    for (; at + FRAME <= audio.length; at += FRAME) {
      let sum = 0;
      for (let i = at; i < at + FRAME; i++) sum += audio[i]! * audio[i]!;
      this.recent.push(Math.sqrt(sum / FRAME) >= VOICE_RMS);
      if (this.recent.length > WINDOW_FRAMES) this.recent.shift();
      if (this.recent.filter(Boolean).length >= ONSET_FRAMES) {
        this.begun = true;
        this.carry = new Int16Array(0);
        return true;
      }
    }
    this.carry = audio.slice(at);
    return false;
  }
}
