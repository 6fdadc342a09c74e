import { chakraReplace } from './chakra-replace.ts'

/**
 * Two pieces of `createSystem`'s work the built app has no use for, left out of it:
 * - `mergeConfigs` deep-copies every config before merging them (the preset's utilities and
 *   conditions, the theme's recipes …), so that the objects passed in stay as they were for
 *   whatever else reads them. In the built app nothing else does: the app builds one system,
 *   once, from configs nothing else imports (Chakra's own default system is left out, see
 *   chakra-no-default-system.ts). The copy was a fifth of the system's task on a phone.
 * - its utility lists each style property's possible values for Chakra's type generator (the
 *   CLI that writes TypeScript types); nothing reads that list in an app.
 */
export const chakraLeanSystem = () =>
  chakraReplace('chakra-lean-system', {
    'styled-system/merge-config.js': [
      [
        'const merged = mergeWith({}, ...configs.map(clone));',
        'const merged = mergeWith({}, ...configs);',
      ],
    ],
    'styled-system/utility.js': [
      [
        '    propValues.set(property, values);\n    assignPropertyType(property, config);\n',
        '    propValues.set(property, values);\n\n',
      ],
      ['    assignProperties();\n    assignPropertyTypes();\n', '    assignProperties();\n\n'],
    ],
  })
