#!/usr/bin/env bash
# Makes the demo catalogue's playable media (committed under demo-media/, so a fresh
# machine needs no ffmpeg): three short clips as HLS (H.264 + AAC in MPEG-TS, 2 s segments) and one
# MP4 (faststart, played natively with range requests). Each HLS clip has a master playlist with two
# renditions (360p and 180p) so hls.js can adapt. Each clip is a generated test pattern with a running
# clock and a tone, small on purpose (a few hundred kbit/s with the MPEG-TS overhead).
#
# Usage: scripts/make-media.sh   (needs ffmpeg: apt-get install -y ffmpeg)
# Re-running replaces the files; the server's seed refers to them by the clip names below.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=demo-media
DURATION=20
SIZE=640x360
FPS=25
# Only the clips: demo-media/images/ holds the demo pictures (scripts/make-demo-images.ts).
rm -rf "$OUT"/clip-a "$OUT"/clip-b "$OUT"/clip-c "$OUT"/clip-d.mp4
mkdir -p "$OUT"

# name  video source                                   tone (Hz)
CLIPS=(
  "clip-a testsrc2=size=${SIZE}:rate=${FPS} 440"
  "clip-b smptehdbars=size=${SIZE}:rate=${FPS} 550"
  "clip-c mandelbrot=size=${SIZE}:rate=${FPS} 660"
)

encode() { # video source, tone, height, extra output args…
  local source="$1" tone="$2" height="$3"; shift 3
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "${source}" -f lavfi -i "sine=frequency=${tone}:sample_rate=44100" -t "${DURATION}" \
    -vf "drawtext=text='%{pts\\:hms}':x=20:y=20:fontsize=36:fontcolor=white:box=1:boxcolor=black@0.6,scale=-2:${height}" \
    -c:v libx264 -profile:v main -level 3.0 -pix_fmt yuv420p -preset veryfast -crf 34 -maxrate 160k -bufsize 320k \
    -g $((FPS * 2)) -keyint_min $((FPS * 2)) -sc_threshold 0 \
    -c:a aac -b:a 48k -ac 1 -shortest "$@"
}

for entry in "${CLIPS[@]}"; do
  read -r name source tone <<<"$entry"
  for height in 360 180; do
    mkdir -p "$OUT/$name/${height}p"
    encode "$source" "$tone" "$height" -f hls -hls_time 2 -hls_playlist_type vod \
      -hls_segment_filename "$OUT/$name/${height}p/seg%03d.ts" "$OUT/$name/${height}p/index.m3u8"
  done
  cat >"$OUT/$name/master.m3u8" <<MASTER
#EXTM3U
#EXT-X-VERSION:3
#EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"
360p/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=150000,RESOLUTION=320x180,CODECS="avc1.4d401e,mp4a.40.2"
180p/index.m3u8
MASTER
  echo "made $OUT/$name ($(ls "$OUT/$name" | wc -l) files)"
done

encode "rgbtestsrc=size=${SIZE}:rate=${FPS}" 330 360 -movflags +faststart "$OUT/clip-d.mp4"
echo "made $OUT/clip-d.mp4"
du -sh "$OUT"
