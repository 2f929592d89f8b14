/** One answer for a wrong protocol, a wrong identifier and a bad link: nothing can be enumerated. */
export const NOT_FOUND_MESSAGE = "Protocol and identifier do not match any document";
