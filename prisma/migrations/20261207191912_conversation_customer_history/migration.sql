-- The history rows the tracking page's customer wrote as a system actor before "customer" existed. Apart from the
-- enum's new value (a value added to an enum cannot be used in the transaction that adds it).
UPDATE "DocumentHistory" SET "actorType" = 'customer'
  WHERE "actorType" = 'system' AND "actorLabel" = 'cliente (página de acompanhamento)';
