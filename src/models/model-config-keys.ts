import { schemaKeys } from '../internal/options-schema.js'
import { modelConfigSchema } from './model-config-schema.js'

/** The keys a model config may have, from its schema; any other key is an error. */
export const MODEL_CONFIG_KEYS: readonly string[] = schemaKeys(modelConfigSchema)
