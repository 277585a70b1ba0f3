// The lead's schemas by use; one import path for the rest of the code.
export * from './lead-list';
export * from './lead-detail';
export * from './customer-fields';
export * from './lead-create';
