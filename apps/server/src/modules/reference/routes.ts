import {
  ZClientConfig,
  ZDefaultTemplate,
  ZErrorBody,
  ZIdParam,
  ZLicenseType,
  ZSpecialization,
} from '@escriba/contract';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import type { App } from '../../platform/services';
import { findDefaultTemplate } from './default-template';

const tags = ['common'];

export async function referenceRoutes(app: App): Promise<void> {
  const reference = app.referenceData;
  const existingSpecialization = async (id: number) => {
    const specialization = await reference.specialization(id);
    if (!specialization) throw notFound('Especialidade', 'feminine');
    return specialization;
  };

  app.get(
    '/common/license-types',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Conselhos profissionais', response: { 200: z.array(ZLicenseType) } },
    },
    () => reference.licenseTypes(),
  );

  app.get(
    '/common/specializations',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Especialidades', response: { 200: z.array(ZSpecialization) } },
    },
    () => reference.specializations(),
  );

  app.get(
    '/common/specializations/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Uma especialidade',
        params: ZIdParam,
        response: { 200: ZSpecialization, 404: ZErrorBody },
      },
    },
    async (request) => {
      const specialization = await existingSpecialization(request.params.id);
      return specialization;
    },
  );

  app.get(
    '/common/specializations/:id/default',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Modelo de anamnese padrão da especialidade',
        description: 'O modelo publicado para a especialidade ou, se não houver, a anamnese completa publicada.',
        params: ZIdParam,
        response: { 200: ZDefaultTemplate, 404: ZErrorBody },
      },
    },
    async (request) => {
      const specialization = await existingSpecialization(request.params.id);
      const template = await findDefaultTemplate(app.db, specialization.id);
      if (!template) throw notFound('Modelo publicado');
      return { id: template.id, name: template.name, specialization_id: specialization.id, fields: template.fields };
    },
  );

  app.get(
    '/common/client-config',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Configuração do aplicativo web',
        response: { 200: ZClientConfig },
      },
    },
    () => ({
      cep_lookup_url: app.config.cepLookupUrl,
      generation_credit_cost: app.config.credits.generationCost,
      document_credit_cost: app.config.credits.documentCost,
      max_upload_bytes: app.config.evidences.maxUploadBytes,
    }),
  );
}
