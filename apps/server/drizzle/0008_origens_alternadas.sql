-- Two sources taking turns on one IMEI (a clone or a stolen identity): when it was last seen.
ALTER TABLE "rastreadores" ADD COLUMN "origens_alternadas_em" timestamp with time zone;
