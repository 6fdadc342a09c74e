import { createFileRoute, redirect } from '@tanstack/react-router'

import { ScriptToolScreen } from '@/features/ai/writer-screen'
import { isScriptTool } from '@/lib/named-pages'

/** The twelve script tools: /admin/aiscript/tiktok, /SEO, /customerAvatar, … */
export const Route = createFileRoute('/admin/aiscript/$tool')({
  beforeLoad: ({ params }) => {
    if (!isScriptTool(params.tool)) throw redirect({ to: '/auth/404', replace: true })
  },
  component: function ScriptTool() {
    const { tool } = Route.useParams()
    return isScriptTool(tool) ? <ScriptToolScreen key={tool} tool={tool} /> : null
  },
})
