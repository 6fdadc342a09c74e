import type { Db } from '../db/client'
import { insertPost, insertReply, updatePost } from '../repos/community'
import { findLesson } from '../repos/courses'
import { renderCommunityText } from '../shared/community-markdown'

const WELCOME = `This is where members of the training help each other. A few things keep it useful:

- **Ask under the lesson.** A question about a lesson belongs under that lesson (scroll down to *Questions and answers*), so the next member who gets stuck there finds the answer.
- **Share wins with the details.** What you did, how long it took, what you would change. Screenshots are fine: blur order numbers and customers' names first.
- **No income promises, no pitching.** Do not promise results to others, and do not post your own affiliate links or offers here.
- **Disclose.** When you share something you earn from elsewhere, say so, as the FTC's Endorsement Guides ask of any public post.
- **Be kind, and report instead of arguing.** Use *Report* on anything that breaks these rules: an administrator looks at every report.

In their first week, members write at most 5 posts and 20 replies an hour, and links can be added once a member has written 3 posts or replies.`

const INTRODUCE = `Tell us your first name, where you are, the niche you are thinking about and the one thing you want to learn first. Reply here rather than starting a new post, so everyone's introductions stay in one place.`

const QUESTION = `In lesson 1, should I pick my niche before I choose a network, or look at what ClickBank and Digistore24 offer first?`

const ANSWER = `Pick the niche first, then check the networks. Write down 3 niches you could write about for a year, then search each one in the ClickBank and Digistore24 marketplaces. Several products that people still buy (recent activity, more than one vendor) is a good sign; if neither network has anything for a niche, it is a harder place to start.`

/**
 * The demo's community: the administrator's welcome (pinned) and introductions thread, and a
 * question of the demo member under the first lesson with the administrator's marked answer.
 */
export async function seedCommunity(db: Db, adminId: string, memberId: string, now: number) {
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60 * 1000)
  const text = (body: string) => {
    const { html, plain } = renderCommunityText(body)
    return { body, html, plain }
  }
  const welcome = await insertPost(db, {
    authorId: adminId,
    category: 'announcements',
    title: 'Welcome: how this community works',
    ...text(WELCOME),
    at: at(3 * 24 * 60),
  })
  await updatePost(db, welcome.id, { pinned: true })
  await insertPost(db, {
    authorId: adminId,
    category: 'introductions',
    title: 'Introduce yourself here',
    ...text(INTRODUCE),
    at: at(3 * 24 * 60 - 5),
  })
  const lesson = '/admin/training/module1/lesson1'
  if (!(await findLesson(db, lesson))) return
  const question = await insertPost(db, {
    authorId: memberId,
    lessonPath: lesson,
    title: '',
    ...text(QUESTION),
    at: at(2 * 24 * 60),
  })
  const { reply: answer } = await insertReply(db, {
    postId: question.id,
    parentId: null,
    authorId: adminId,
    ...text(ANSWER),
    at: at(2 * 24 * 60 - 90),
  })
  await updatePost(db, question.id, { answerId: answer.id })
}
