import { Box, chakra } from '@chakra-ui/react'
import { useEffect, useRef } from 'react'

import type { VideoEmbed } from '@schemas/courses'

const ORIGINS = {
  youtube: 'https://www.youtube-nocookie.com',
  vimeo: 'https://player.vimeo.com',
} as const

/**
 * A lesson's video: a YouTube or Vimeo player (their own iframes, told to report progress by
 * postMessage) or an .mp4 file in the browser's player. It reports the time watched and the end.
 */
export function VideoPlayer({
  video,
  title,
  startAt,
  onTime,
  onEnded,
}: {
  video: VideoEmbed
  title: string
  startAt: number | null
  onTime: (seconds: number) => void
  onEnded: () => void
}) {
  const frameRef = useRef<HTMLIFrameElement>(null)
  const provider = video.provider

  useEffect(() => {
    if (provider === 'mp4') return
    const origin = ORIGINS[provider]
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frameRef.current?.contentWindow) return
      let data: unknown = event.data
      if (typeof data === 'string') {
        try {
          data = JSON.parse(data)
        } catch {
          return
        }
      }
      if (!data || typeof data !== 'object') return
      const message = data as {
        event?: string
        info?: { playerState?: number; currentTime?: number } | number
        data?: { seconds?: number }
      }
      if (provider === 'youtube') {
        const info = typeof message.info === 'object' ? message.info : undefined
        if (message.info === 0 || info?.playerState === 0) onEnded()
        if (typeof info?.currentTime === 'number') onTime(info.currentTime)
      } else {
        if (message.event === 'ended') onEnded()
        if (message.event === 'timeupdate' && typeof message.data?.seconds === 'number') {
          onTime(message.data.seconds)
        }
      }
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [provider, onEnded, onTime])

  const listen = () => {
    const frame = frameRef.current?.contentWindow
    if (!frame || provider === 'mp4') return
    const origin = ORIGINS[provider]
    if (provider === 'youtube') {
      frame.postMessage(JSON.stringify({ event: 'listening', id: 1, channel: 'widget' }), origin)
    } else {
      for (const value of ['ended', 'timeupdate']) {
        frame.postMessage(JSON.stringify({ method: 'addEventListener', value }), origin)
      }
    }
  }

  if (provider === 'mp4') {
    return (
      <Box borderRadius="l2" overflow="hidden" bg="black" data-print-hide>
        <chakra.video
          src={video.src}
          controls
          preload="metadata"
          width="100%"
          aspectRatio="16 / 9"
          aria-label={`Video: ${title}`}
          onLoadedMetadata={(event) => {
            if (startAt && startAt > 5) event.currentTarget.currentTime = startAt
          }}
          onTimeUpdate={(event) => onTime(event.currentTarget.currentTime)}
          onEnded={onEnded}
        />
      </Box>
    )
  }
  const start = startAt && startAt > 5 ? Math.floor(startAt) : 0
  const src =
    provider === 'youtube'
      ? `${video.src}&origin=${encodeURIComponent(window.location.origin)}${start ? `&start=${start}` : ''}`
      : `${video.src}${start ? `#t=${start}s` : ''}`
  return (
    <Box borderRadius="l2" overflow="hidden" bg="black" aspectRatio="16 / 9" data-print-hide>
      <chakra.iframe
        ref={frameRef}
        src={src}
        title={`Video: ${title}`}
        width="100%"
        height="100%"
        border="0"
        allow="encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        onLoad={listen}
      />
    </Box>
  )
}
