import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

export interface ManagedRulesWebAclProps {
  /** The API whose deployment stage the web ACL protects. */
  api: RestApi;
  /** Prefix of the web ACL's CloudWatch metric names. */
  metricPrefix: string;
}

/** AWS managed rule groups, in evaluation order: the common rule set, known bad inputs, IP reputation. */
export const managedRuleGroups = [
  'AWSManagedRulesCommonRuleSet',
  'AWSManagedRulesKnownBadInputsRuleSet',
  'AWSManagedRulesAmazonIpReputationList',
] as const;

/**
 * A regional WAFv2 web ACL with AWS managed rules, associated with the API's stage. The admin API is
 * reached from browsers without a client certificate, so it gets the filtering mutual TLS gives the
 * partner API for free: requests a rule blocks never reach a Lambda (403, the gateway's problem body).
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
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('WebAcl'),
      rules: managedRuleGroups.map((name, priority) => ({
        name,
        priority,
        overrideAction: { none: {} },
        statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
        visibilityConfig: visibility(name),
      })),
    });
    new CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.api.deploymentStage.stageArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
