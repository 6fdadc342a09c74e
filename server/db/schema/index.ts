/**
 * The database's tables, one module per part of the product. drizzle-kit reads this folder to
 * generate migrations (server/db/migrations); the repos import the tables from here.
 */
export * from './members'
export * from './member-data'
export * from './earnings'
export * from './courses'
export * from './certificates'
export * from './ai'
export * from './system'
export * from './insights'
export * from './community'
export * from './momentum'
