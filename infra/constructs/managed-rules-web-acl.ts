import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import type { FloodPolicy } from '../../shared/domain/quotas/flood.ts';
import type { RouteDefinition } from '../../shared/routes/types.ts';
import { addressFlood, viewerFlood } from './rate-limiting.ts';

export interface ManagedRulesWebAclProps {
  /** The API whose deployment stage the web ACL protects. */
  api: RestApi;
  /** The API's routes: those accepting bodies over the common rule set's 8 KB are exempt from that rule. */
  routes: readonly RouteDefinition[];
  /** Per source address, counted before any managed rule. */
  flood: FloodPolicy;
  /** Per viewer address, from the header a CloudFront distribution in front writes (viewerFlood). */
  viewer?: { header: string; flood: FloodPolicy };
  /** Prefix of the web ACL's CloudWatch metric names. */
  metricPrefix: string;
}

/** AWS managed rule groups, in evaluation order: the common rule set, known bad inputs, IP reputation. */
export const managedRuleGroups = [
  'AWSManagedRulesCommonRuleSet',
  'AWSManagedRulesKnownBadInputsRuleSet',
  'AWSManagedRulesAmazonIpReputationList',
] as const;

/** The common rule set's rule that blocks request bodies over 8 KB, and the label it puts on them. */
export const bodySizeRule = {
  name: 'SizeRestrictions_BODY',
  label: 'awswaf:managed:aws:core-rule-set:SizeRestrictions_Body',
  limitBytes: 8 * 1024,
};

/** The web ACL's own rule that blocks what `bodySizeRule` labels, except on `largeBodyRoutes`. */
export const largeBodyRuleName = 'LargeBodyOutsideUploadRoutes';

/** Routes that accept bodies over 8 KB (the image upload): they state a larger `maxBodyBytes`. */
export function largeBodyRoutes(routes: readonly RouteDefinition[]): RouteDefinition[] {
  return routes.filter((route) => (route.maxBodyBytes ?? 0) > bodySizeRule.limitBytes);
}

function exactly(field: CfnWebACL.FieldToMatchProperty, value: string): CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      fieldToMatch: field,
      positionalConstraint: 'EXACTLY',
      searchString: value,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  };
}

/** The route's method and exact path; WAF sees the path the client sent, so a template has no match. */
function routeMatch(route: RouteDefinition): CfnWebACL.StatementProperty {
  if (route.path.includes('{'))
    throw new Error(`${route.operationId}: a large-body route needs a literal path for its WAF exemption`);
  return {
    andStatement: {
      statements: [exactly({ method: {} }, route.method), exactly({ uriPath: {} }, route.path)],
    },
  };
}

/**
 * A regional WAFv2 web ACL, associated with the API's stage. The admin API is reached from browsers
 * without a client certificate, so it gets the filtering mutual TLS gives the partner API for free:
 * first the same rate-based rule per source address as the auth API (429), then AWS managed rules
 * (403, the gateway's problem body). The common rule set only counts bodies over 8 KB; the rule after
 * it blocks them on every route but the large-body ones (the label-match pattern AWS documents for
 * excluding a managed rule on some requests).
 */
export class ManagedRulesWebAcl extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: ManagedRulesWebAclProps) {
    super(scope, id);
    const visibility = (metricName: string) => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName: `${props.metricPrefix}${metricName}`,
    });
    const exempt = largeBodyRoutes(props.routes).map(routeMatch);
    const [commonRuleSet, ...otherGroups] = managedRuleGroups;
    const managedGroup = (
      name: (typeof managedRuleGroups)[number],
      overrides: CfnWebACL.RuleActionOverrideProperty[] = [],
    ) => ({
      name,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ...(overrides.length > 0 ? { ruleActionOverrides: overrides } : {}),
        },
      },
      visibilityConfig: visibility(name),
    });
    const exemption = exempt.length > 1 ? { orStatement: { statements: exempt } } : exempt[0];
    const largeBodyRule = (routesExempt: CfnWebACL.StatementProperty) => ({
      name: largeBodyRuleName,
      action: { block: {} },
      statement: {
        andStatement: {
          statements: [
            { labelMatchStatement: { scope: 'LABEL', key: bodySizeRule.label } },
            { notStatement: { statement: routesExempt } },
          ],
        },
      },
      visibilityConfig: visibility(largeBodyRuleName),
    });
    const rules: Omit<CfnWebACL.RuleProperty, 'priority'>[] = [
      addressFlood.rule(props.flood, 0, `${props.metricPrefix}${addressFlood.ruleName}`),
      ...(props.viewer
        ? [
            viewerFlood.rule(
              props.viewer.flood,
              props.viewer.header,
              0,
              `${props.metricPrefix}${viewerFlood.ruleName}`,
            ),
          ]
        : []),
      ...(exemption
        ? [
            managedGroup(commonRuleSet, [{ name: bodySizeRule.name, actionToUse: { count: {} } }]),
            largeBodyRule(exemption),
          ]
        : [managedGroup(commonRuleSet)]),
      ...otherGroups.map((name) => managedGroup(name)),
    ];
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('WebAcl'),
      customResponseBodies: {
        ...addressFlood.responseBodies,
        ...(props.viewer ? viewerFlood.responseBodies : {}),
      },
      rules: rules.map((rule, priority) => ({ ...rule, priority })),
    });
    new CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.api.deploymentStage.stageArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
