/** One answer for a wrong protocol, a wrong identifier and a bad link: nothing can be enumerated. */
export const NOT_FOUND_MESSAGE = "Protocol and identifier do not match any document";

/**
 * A link from an e-mail sent before links carried their purpose: it still shows the case, but replying and sending
 * files need the lookup by protocol and CPF (or the link in the next e-mail). Said in Portuguese: it is shown as is.
 */
export const READ_ONLY_LINK_MESSAGE =
  "Este link é de um e-mail anterior e serve só para consultar o andamento. Para responder ou enviar arquivos, " +
  "acesse a página de acompanhamento e informe o número do protocolo e o CPF.";
