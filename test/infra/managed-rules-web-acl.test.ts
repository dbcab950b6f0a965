import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { LambdaIntegration, RestApi } from 'aws-cdk-lib/aws-apigateway';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { esimPageViewerAddressHeader } from '../../esim-page/hosting.ts';
import {
  bodySizeRule,
  largeBodyRoutes,
  largeBodyRuleName,
  ManagedRulesWebAcl,
  managedRuleGroups,
} from '../../infra/constructs/managed-rules-web-acl.ts';
import { AuthFloodRules } from '../../infra/constructs/rate-limiting.ts';
import { quotaSettingsByStage } from '../../shared/domain/quotas/settings.ts';
import { catalogAdminRoutes } from '../../shared/routes/catalog-admin.ts';
import { routesForStage } from '../../shared/routes/index.ts';
import { type CfnResource, resourcesOf, testApp } from './support.ts';

const settings = quotaSettingsByStage.prod;
const adminRoutes = routesForStage('prod').filter((route) => route.hosts.includes('admin'));
const upload = catalogAdminRoutes.uploadCatalogImage;

interface Rule {
  Name: string;
  Priority: number;
  Action?: unknown;
  OverrideAction?: unknown;
  Statement: Record<string, unknown>;
  VisibilityConfig: { MetricName: string };
}

/** The admin API's web ACL and the auth API's, side by side in one stack. */
function webAcls(): { admin: CfnResource; auth: CfnResource } {
  const stack = new Stack(testApp(), 'Firewalls', { env: { region: 'eu-west-1', account: '123456789012' } });
  const backend = new LambdaFunction(stack, 'Backend', {
    runtime: Runtime.NODEJS_24_X,
    handler: 'index.handler',
    code: Code.fromInline('exports.handler = async () => undefined;'),
  });
  const api = (id: string) => {
    const restApi = new RestApi(stack, id, { cloudWatchRole: false });
    restApi.root.addMethod('GET', new LambdaIntegration(backend));
    return restApi;
  };
  const admin = new ManagedRulesWebAcl(stack, 'Admin', {
    api: api('AdminApi'),
    routes: adminRoutes,
    flood: settings.adminFlood,
    metricPrefix: 'PartnerTravelProdAdmin',
  });
  const auth = new AuthFloodRules(stack, 'Auth', {
    api: api('AuthApi'),
    flood: settings.flood,
    clientFlood: settings.clientFlood,
    metricPrefix: 'PartnerTravelProd',
  });
  const template = Template.fromStack(stack);
  const byId = (acl: { webAcl: { node: { path: string } } }) => {
    const found = resourcesOf(template, 'AWS::WAFv2::WebACL').find(([id]) =>
      id.startsWith(stack.getLogicalId(acl.webAcl as never)),
    );
    if (!found) throw new Error(`no web ACL for ${acl.webAcl.node.path}`);
    return found[1];
  };
  return { admin: byId(admin), auth: byId(auth) };
}

const rulesOf = (acl: CfnResource) => acl.Properties.Rules as Rule[];
const withoutMetric = ({ VisibilityConfig: _, Priority: __, ...rule }: Rule) => rule;

describe('the admin API web ACL', () => {
  let admin: CfnResource;
  let auth: CfnResource;
  beforeAll(() => {
    ({ admin, auth } = webAcls());
  });

  it('counts requests per source address first, as the auth API does, and answers a flood 429', () => {
    const [first] = rulesOf(admin);
    const authAddressRule = rulesOf(auth).find((rule) => rule.Name === AuthFloodRules.addressRuleName);

    expect(first).toMatchObject({
      Name: 'RequestsPerSourceAddress',
      Priority: 0,
      Statement: {
        RateBasedStatement: {
          AggregateKeyType: 'IP',
          Limit: settings.adminFlood.limit,
          EvaluationWindowSec: settings.adminFlood.windowSeconds,
        },
      },
      Action: { Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'AddressFlood' } } },
    });
    expect(authAddressRule?.Statement).toMatchObject({ RateBasedStatement: { AggregateKeyType: 'IP' } });
    // The same rule on both APIs but for the limit: same name, action, response and aggregation.
    const sameBut = (rule: Rule | undefined) =>
      rule && { ...withoutMetric(rule), Statement: { RateBasedStatement: { AggregateKeyType: 'IP' } } };
    expect(sameBut(first)).toEqual(sameBut(authAddressRule));
    expect(admin.Properties.CustomResponseBodies).toMatchObject({
      AddressFlood: (auth.Properties.CustomResponseBodies as Record<string, unknown>).AddressFlood,
    });
  });

  it('runs the managed rule groups after it, in order, with the body-size rule right after the common rule set', () => {
    expect(rulesOf(admin).map((rule) => [rule.Priority, rule.Name])).toEqual(
      [
        'RequestsPerSourceAddress',
        'AWSManagedRulesCommonRuleSet',
        largeBodyRuleName,
        'AWSManagedRulesKnownBadInputsRuleSet',
        'AWSManagedRulesAmazonIpReputationList',
      ].map((name, priority) => [priority, name]),
    );
    expect(managedRuleGroups[0]).toBe('AWSManagedRulesCommonRuleSet');
  });

  it('only counts the common rule set’s 8 KB body rule, overriding no other rule of any group', () => {
    const groups = rulesOf(admin).filter((rule) => 'ManagedRuleGroupStatement' in rule.Statement);
    const overrides = groups.map((rule) => [
      rule.Name,
      (rule.Statement.ManagedRuleGroupStatement as { RuleActionOverrides?: unknown }).RuleActionOverrides,
    ]);

    expect(overrides).toEqual([
      ['AWSManagedRulesCommonRuleSet', [{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }]],
      ['AWSManagedRulesKnownBadInputsRuleSet', undefined],
      ['AWSManagedRulesAmazonIpReputationList', undefined],
    ]);
    for (const rule of groups) expect(rule.OverrideAction).toEqual({ None: {} });
  });

  it('blocks bodies over 8 KB on every route but the image upload, by the common rule set’s label', () => {
    const rule = rulesOf(admin).find((candidate) => candidate.Name === largeBodyRuleName);
    const exactly = (field: unknown, value: string) => ({
      ByteMatchStatement: {
        FieldToMatch: field,
        PositionalConstraint: 'EXACTLY',
        SearchString: value,
        TextTransformations: [{ Priority: 0, Type: 'NONE' }],
      },
    });

    expect(rule?.Action).toEqual({ Block: {} });
    expect(rule?.Statement).toEqual({
      AndStatement: {
        Statements: [
          { LabelMatchStatement: { Scope: 'LABEL', Key: bodySizeRule.label } },
          {
            NotStatement: {
              Statement: {
                AndStatement: {
                  Statements: [
                    exactly({ Method: {} }, 'POST'),
                    exactly({ UriPath: {} }, '/api/v1/admin/catalog/images'),
                  ],
                },
              },
            },
          },
        ],
      },
    });
  });

  it('exempts exactly the routes that accept bodies over 8 KB: the image upload', () => {
    expect(largeBodyRoutes(adminRoutes).map((route) => route.operationId)).toEqual([upload.operationId]);
    expect(upload).toMatchObject({ method: 'POST', path: '/api/v1/admin/catalog/images' });
  });

  it('refuses to exempt a route whose path has parameters: WAF would never match the template', () => {
    const stack = new Stack(testApp(), 'Templated');
    const api = new RestApi(stack, 'Api', { cloudWatchRole: false });
    api.root.addMethod('GET');
    const templated = { ...upload, path: '/api/v1/admin/catalog/{id}/images' };

    expect(
      () =>
        new ManagedRulesWebAcl(stack, 'Acl', {
          api,
          routes: [templated],
          flood: settings.adminFlood,
          metricPrefix: 'Templated',
        }),
    ).toThrow('needs a literal path');
  });
});

describe("the eSIM page read API's web ACL", () => {
  it('counts per viewer address from the header CloudFront writes, after the per-source-address rule', () => {
    const stack = new Stack(testApp(), 'EsimPageFirewall', {
      env: { region: 'eu-west-1', account: '123456789012' },
    });
    const backend = new LambdaFunction(stack, 'Backend', {
      runtime: Runtime.NODEJS_24_X,
      handler: 'index.handler',
      code: Code.fromInline('exports.handler = async () => ({ statusCode: 200 })'),
    });
    const restApi = new RestApi(stack, 'EsimPageApi', { cloudWatchRole: false });
    restApi.root.addMethod('GET', new LambdaIntegration(backend));
    const { esimPageFlood } = quotaSettingsByStage.prod;
    new ManagedRulesWebAcl(stack, 'EsimPage', {
      api: restApi,
      routes: [],
      flood: esimPageFlood.edge,
      viewer: { header: esimPageViewerAddressHeader, flood: esimPageFlood.viewer },
      metricPrefix: 'PartnerTravelProdEsimPage',
    });
    const [acl] = resourcesOf(Template.fromStack(stack), 'AWS::WAFv2::WebACL');
    const [address, viewer] = rulesOf(acl?.[1] as CfnResource);

    expect(address?.Name).toBe('RequestsPerSourceAddress');
    expect(viewer).toMatchObject({
      Name: 'RequestsPerViewerAddress',
      Statement: {
        RateBasedStatement: {
          AggregateKeyType: 'FORWARDED_IP',
          ForwardedIPConfig: { HeaderName: 'x-esim-page-viewer-address', FallbackBehavior: 'NO_MATCH' },
          Limit: esimPageFlood.viewer.limit,
        },
      },
    });
  });
});
