import { createFileRoute } from '@tanstack/react-router'

import { ScriptToolScreen } from '@/features/ai/writer-screen'
import { isScriptTool, onlyKnown } from '@/lib/named-pages'

/** The twelve script tools: /admin/aiscript/tiktok, /SEO, /customerAvatar, … */
export const Route = createFileRoute('/admin/aiscript/$tool')({
  beforeLoad: onlyKnown('tool', isScriptTool),
  component: function ScriptTool() {
    const { tool } = Route.useParams()
    return isScriptTool(tool) ? <ScriptToolScreen key={tool} tool={tool} /> : null
  },
})
