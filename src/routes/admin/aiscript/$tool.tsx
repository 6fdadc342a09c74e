import { createFileRoute, redirect } from '@tanstack/react-router'

import { scriptTool } from '../../../../api-schemas/ai'
import { WriterScreen } from '../../../features/ai/writer-screen'

/** The twelve script tools: /admin/aiscript/tiktok, /SEO, /customerAvatar, … */
export const Route = createFileRoute('/admin/aiscript/$tool')({
  beforeLoad: ({ params }) => {
    if (!scriptTool(params.tool)) throw redirect({ to: '/auth/404', replace: true })
  },
  component: function ScriptToolScreen() {
    const tool = scriptTool(Route.useParams().tool)
    return tool ? <WriterScreen key={tool.key} tool={tool} /> : null
  },
})
